import type { Page } from '@playwright/test';
import { authApi } from '../../src/contract/auth';
import { drawsApi } from '../../src/contract/draws';
import { gamificationApi } from '../../src/contract/gamification';
import { membersApi } from '../../src/contract/members-api';
import { prizesApi } from '../../src/contract/prizes-api';
import { tasksApi } from '../../src/contract/tasks';
import { usersApi } from '../../src/contract/users';
import { PAGES } from '../../src/shared/pages';
import { paths } from '../../src/web/config/paths';
import { codeAt } from '../support/totp';
import { callApi, callsTo } from './addresses';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  keepScreenshot,
  signUpThroughApi,
  test,
} from './fixtures';
import { e2eSavers, e2eSupport } from './site-history';

/** Each flow runs at one width and checks its screen again at the other. */
const PHONE = { width: 375, height: 900 };
const DESK = { width: 1280, height: 900 };

/** The screen a flow ended on, checked at the width it ran at, then again at the other. */
async function checkAtBothWidths(page: Page, name: string, check: () => Promise<void>) {
  const first = page.viewportSize()!;
  for (const size of [first, first.width === PHONE.width ? DESK : PHONE]) {
    await page.setViewportSize(size);
    await check();
    await expectNoSeriousAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, `${name}-${size.width}.png`, { fullPage: true });
  }
}

test('support reads a member with their address and device half hidden, and is offered no copy of their ledger', async ({
  page,
  signInAs,
}) => {
  const deviceId = 'feedface0123456789abcdef01234567';
  const { user: member } = await signUpThroughApi(page.request, { address: '203.0.113.45', deviceId });
  await page.setViewportSize(PHONE);
  await signInAs(e2eSupport.token);
  await page.goto(paths.adminTab('users'));
  await page.getByLabel('Search members').fill(member.email);
  await page.getByRole('link', { name: member.username }).click();
  const screen = async () => {
    await expect(page.getByRole('region', { name: 'Entries ledger' })).toBeVisible();
    await expect(page.getByText('203.0.113.*', { exact: true })).toBeVisible();
    await expect(page.getByText('feedface****', { exact: true })).toBeVisible();
    await expect(page.locator('main')).not.toContainText('203.0.113.45');
    await expect(page.locator('main')).not.toContainText(deviceId);
    await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  };
  await checkAtBothWidths(page, 'support-member', screen);
});

test('support marks a member’s email verified after checking it by phone, saying how, and confirming', async ({
  page,
  signInAs,
}) => {
  const { user: member } = await signUpThroughApi(page.request, { address: '198.51.100.61' });
  await page.setViewportSize(DESK);
  await signInAs(e2eSupport.token);
  await page.goto(paths.adminMember(member._id));
  await expect(page.getByText('(not verified)')).toBeVisible();
  await page.getByRole('button', { name: 'Mark email verified' }).click();
  await page.getByRole('button', { name: 'Mark verified' }).click();
  await expect(page.getByText('Reason is required')).toBeVisible();
  await page
    .getByLabel('How you checked the address is theirs')
    .fill('Called the member; they read back the code we emailed');
  await page.getByRole('button', { name: 'Mark verified' }).click();
  const confirm = page.getByRole('group', { name: 'Confirm the email is theirs' });
  await expect(confirm).toContainText(`Mark ${member.email} as verified?`);
  await expectNoSeriousAxeViolations(page);
  await keepScreenshot(page, 'verify-email-confirm-1280.png');
  await confirm.getByRole('button', { name: 'Confirm, mark verified' }).click();
  await expect(page.getByText('Email marked as verified')).toBeVisible();
  const screen = async () => {
    await expect(page.getByText('(verified)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark email verified' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);
  };
  await checkAtBothWidths(page, 'verified-member', screen);
});

test('staff who sign in land on the console and see none of a member’s features, wherever they go', async ({
  page,
}) => {
  const { prizes } = await (await callApi(page.request, prizesApi.list)).json();
  const open = prizes.find((p: { status: string }) => p.status === 'active');
  const memberCalls: string[] = [];
  const memberCall = callsTo(
    prizesApi.myEntries,
    usersApi.dashboard,
    gamificationApi.leaderboard,
    gamificationApi.position,
    gamificationApi.stats,
    gamificationApi.updateStreak,
    tasksApi.list,
    tasksApi.start,
    tasksApi.complete,
  );
  page.on('request', (r) => {
    if (memberCall(r.url())) memberCalls.push(r.url());
  });
  await page.setViewportSize(PHONE);
  await page.goto(PAGES.login.path);
  await page.getByLabel('Email').fill(e2eSupport.email);
  await page.getByLabel('Password').fill(e2eSavers.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Code from your app, or a recovery code').fill(codeAt(e2eSupport.secret, new Date()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(PAGES.admin.path);
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
  for (const memberPage of [PAGES.dashboard.path, PAGES.tasks.path, PAGES.wins.path]) {
    await page.goto(memberPage);
    await expect(page).toHaveURL(PAGES.admin.path);
  }
  await page.goto(paths.prize(open._id));
  // The phone's menu offers the console, and none of a member's pages.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Tasks' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Close menu' }).click();
  const screen = async () => {
    await expect(page.getByText('Staff cannot enter prizes.')).toBeVisible();
    await expect(page.getByText(/^Your entries/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Complete tasks' })).toHaveCount(0);
    await expect(page.getByTestId('entries-count')).toHaveCount(0);
    await expect(page.getByText('Please verify your email address')).toHaveCount(0);
  };
  await checkAtBothWidths(page, 'staff-prize', screen);
  // At 1280, the navbar and the user menu likewise.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Tasks' })).toHaveCount(0);
  await nav.getByRole('button', { name: e2eSupport.username }).click();
  await expect(page.locator('#user-menu').getByRole('link', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.locator('#user-menu').getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  expect(memberCalls).toEqual([]);
});

test('on a phone, an admin marks a winner notified from the winners table without the page scrolling sideways', async ({
  page,
  signInAs,
  adminToken,
}) => {
  // The draw waits for its beacon round, about 10 s after the entries are frozen.
  test.setTimeout(120_000);
  const admin = { authorization: `Bearer ${await adminToken()}` };
  const title = `E2E Phone winner ${Date.now()}`;
  const created = await callApi(page.request, prizesApi.create, {
    headers: admin,
    body: {
      title,
      type: 'cash',
      value: 10,
      startDate: new Date(Date.now() - 60_000).toISOString(),
      endDate: new Date(Date.now() + 5_000).toISOString(),
      status: 'active',
    },
  });
  const { prize } = await created.json();
  const winner = await callApi(page.request, authApi.register, {
    headers: { 'x-forwarded-for': '198.51.100.62' },
    body: {
      username: `A winner with a rather long name ${Date.now()}`,
      email: `a.winner.with.a.rather.long.address.${Date.now()}@e2e.test`,
      password: 'e2e password',
      acceptTerms: true,
    },
  });
  const { token } = await winner.json();
  const entered = await callApi(page.request, prizesApi.enter, {
    params: { id: prize._id },
    headers: { authorization: `Bearer ${token}` },
    body: { entries: 1 },
  });
  expect(entered.status()).toBe(200);
  // Closed, then drawn once its beacon round is out (503 until then).
  await expect
    .poll(
      async () =>
        (
          await callApi(page.request, drawsApi.draw, {
            params: { id: prize._id },
            headers: admin,
            body: { forceOverride: true },
          })
        ).status(),
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(200);

  await page.setViewportSize(PHONE);
  await signInAs(admin.authorization.slice(7));
  await page.goto(`${PAGES.admin.path}?tab=winners`);
  const row = page.getByRole('row').filter({ hasText: title });
  const notify = row.getByRole('button', { name: 'Mark Notified' });
  // In reach as the page opens: the actions stay at the table's edge while the rest scrolls under them.
  await expect(notify).toBeInViewport({ ratio: 1 });
  await expect(row.getByRole('button', { name: 'Disqualify' })).toBeInViewport({ ratio: 1 });
  await notify.click();
  await expect(page.getByText('Winner marked as notified')).toBeVisible();
  const screen = async () => {
    await expect(row.getByRole('cell', { name: /^Yes/ })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Disqualify' })).toBeInViewport({ ratio: 1 });
  };
  await checkAtBothWidths(page, 'winners-table', screen);
});

test('an admin finds what was done to a member by their email in the audit log, each action in words', async ({
  page,
  signInAs,
  adminToken,
}) => {
  const token = await adminToken();
  const { user: member } = await signUpThroughApi(page.request, { address: '198.51.100.63' });
  const held = await callApi(page.request, membersApi.holdCashouts, {
    params: { id: member._id },
    headers: { authorization: `Bearer ${token}` },
    body: { reason: 'Checking a payout complaint' },
  });
  expect(held.status()).toBe(200);
  await page.setViewportSize(DESK);
  await signInAs(token);
  await page.goto(`${PAGES.admin.path}?tab=audit`);
  const email = page.getByLabel('Member or staff email');
  await email.fill('nobody-at-all@e2e.test');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No account has the email nobody-at-all@e2e.test').first()).toBeVisible();
  await email.fill(member.email.toUpperCase());
  await page.getByRole('button', { name: 'Filter' }).click();
  const log = page.getByRole('list', { name: 'Audit log, newest first' });
  const screen = async () => {
    await expect(log.getByRole('listitem')).toHaveCount(1);
    await expect(log).toContainText("Held the member's cashouts: Checking a payout complaint");
    await expect(log.getByText('Cashouts held', { exact: true })).toBeVisible();
  };
  await checkAtBothWidths(page, 'audit-by-email', screen);
});
