import type { Page } from '@playwright/test';
import { authApi } from '../../src/contract/auth';
import { membersApi } from '../../src/contract/members-api';
import { staffApi } from '../../src/contract/staff-api';
import { PAGES } from '../../src/shared/pages';
import { paths } from '../../src/web/config/paths';
import { codeAt } from '../support/totp';
import { callApi } from './addresses';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  keepScreenshot,
  test,
} from './fixtures';
import { e2eTiredOwner } from './site-history';

/** The screen checked at both widths: the flow runs at the first, then the page is narrowed or widened. */
async function checkedAt(page: Page, widths: number[], name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await keepScreenshot(page, `${name}-${width}.png`, { fullPage: true });
  }
}

test('the owner confirms a role change and gives a code for it, then invites someone who joins the staff', async ({
  page,
  account,
  signInAs,
  adminToken,
  mailedLink,
}) => {
  // Set up through the API: the account, its address checked, is support staff already.
  const admin = { authorization: `Bearer ${await adminToken()}` };
  const me = await (
    await callApi(page.request, authApi.me, { headers: { authorization: `Bearer ${account.token}` } })
  ).json();
  const vouched = await callApi(page.request, membersApi.verifyEmail, {
    params: { id: me.user._id },
    headers: admin,
    body: { reason: 'Checked by phone' },
  });
  expect(vouched.status()).toBe(200);
  const made = await callApi(page.request, staffApi.add, {
    headers: admin,
    body: { email: account.email, role: 'support' },
  });
  expect(made.status()).toBe(200);

  // An owner whose second factor is an hour old: the console opens, but a role needs a fresh code.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(e2eTiredOwner.token);
  await page.goto(paths.adminTab('staff'));
  const row = page
    .getByRole('list', { name: 'Staff members' })
    .getByRole('listitem')
    .filter({ hasText: account.email });
  await row.getByLabel(`Role of ${account.username}`).selectOption('admin');
  const confirm = page.getByRole('dialog', { name: `Make ${account.username} admin?` });
  await expect(confirm).toContainText(`${account.username} is support now. As admin they may:`);
  await checkedAt(page, [1280, 375], 'staff-role-confirm');
  await confirm.getByRole('button', { name: 'Make admin' }).click();

  const code = page.getByRole('dialog', { name: 'Confirm it is you' });
  await code.getByLabel(/^Code from your app/).fill(codeAt(e2eTiredOwner.secret, new Date()));
  await code.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`${account.username} is now admin`)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row.getByLabel(`Role of ${account.username}`)).toHaveValue('admin');

  // An address no account has is invited, once confirmed; the invitation waits on the tab.
  const invitee = `invitee-${Date.now().toString(36)}@e2e.test`;
  await page.getByLabel('Their email').fill(invitee);
  await page.getByLabel('Role', { exact: true }).selectOption('finance');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  await page
    .getByRole('dialog', { name: `Add ${invitee} as finance?` })
    .getByRole('button', { name: 'Add as finance' })
    .click();
  await expect(page.getByText(`Invitation sent to ${invitee}`)).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: invitee }),
  ).toContainText('As finance, sent by Otto Owner');
  await checkedAt(page, [375, 1280], 'staff-tab');

  // The invitee follows the emailed link, chooses a name and password, and is taken to set up two-step.
  const link = await mailedLink(invitee, PAGES.staffInvitation.path);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto(link);
  await expect(
    page.getByText(`You are invited to join as finance, with the email ${invitee}.`),
  ).toBeVisible();
  await checkedAt(page, [375, 1280], 'join-staff');
  await page.getByLabel('Full name').fill('Ivy Invitee');
  await page.getByLabel('Password', { exact: true }).fill('e2e invitee password');
  await page.getByLabel('Confirm password').fill('e2e invitee password');
  await page.getByLabel('I am 18 or over and accept the Terms and Contest Rules').check();
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
});
