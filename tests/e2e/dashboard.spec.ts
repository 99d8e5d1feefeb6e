import AxeBuilder from '@axe-core/playwright';
import { e2ePromoter } from '../../playwright.config';
import { APPROVAL_WAITING } from '../../src/contract/approvals';
import { cashApi } from '../../src/contract/cash';
import { gamificationApi } from '../../src/contract/gamification';
import { WHEEL_PRIZE_IDS } from '../../src/contract/gamification-rules';
import { prizesApi } from '../../src/contract/prizes-api';
import { tasksApi } from '../../src/contract/tasks';
import { wheelApi } from '../../src/contract/wheel';
import { paths } from '../../src/web/config/paths';
import { callApi, callsTo } from './addresses';
import {
  expect,
  expectFitsBothWidths,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  keepScreenshot,
  settled,
  test,
  WIDTHS,
} from './fixtures';
import { saverSession } from './savers';
import { e2eSavers } from './site-history';

test('a new member’s dashboard shows the streak, level, wheel, stats, lists, achievements, leaderboard and cash', async ({
  page,
  account,
  signInAs,
}) => {
  await signInAs(account.token);
  await page.goto(paths.dashboard);
  await expect(page.getByRole('heading', { name: `Hi, ${account.username}` })).toBeVisible();

  // Opening the dashboard counts today's visit.
  const streak = page.getByTestId('streak-level-card');
  await expect(streak.getByRole('heading', { name: '1 day in a row' })).toBeVisible();
  await expect(streak).toContainText('+1 entry for today');
  await expect(streak.getByRole('heading', { name: /^Level \d+$/ })).toBeVisible();
  await expect(streak.getByRole('progressbar')).toBeVisible();

  const wheel = page.getByTestId('spin-wheel');
  await expect(wheel.getByRole('link', { name: 'Watch 5 Ads to Spin' })).toHaveAttribute('href', paths.tasks);
  await expect(wheel).toContainText('0 of 5 ads watched');

  for (const label of ['Total entries', 'Available entries', 'Active prize entries', 'Tasks completed']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Your wins' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your prize entries' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();

  // The catalogue: 24 achievements, signing up already earned Welcome aboard.
  await expect(page.getByTestId(/^achievement-/)).toHaveCount(24);
  await expect(page.getByTestId('achievement-first_login')).toContainText('Unlocked');
  await expect(page.getByTestId('achievement-first_task')).toContainText('Complete your first task');

  await expect(page.getByRole('tab', { name: 'Weekly' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('leaderboard-position')).toContainText(
    /You are #\d+ with [\d,]+ entries this week\./,
  );
  await page.getByRole('tab', { name: 'All Time' }).click();
  await expect(page.getByTestId('leaderboard-position')).toContainText('so far');

  await expect(page.getByTestId('cash-balance')).toHaveText('£0');
  await expect(page.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  await expect(page.getByRole('main').getByRole('link', { name: 'Earn more entries' })).toHaveAttribute(
    'href',
    paths.tasks,
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse prizes' }).first()).toHaveAttribute(
    'href',
    paths.prizes,
  );
});

test('after five ads a member spins the wheel and wins cash, which settles before it can be withdrawn', async ({
  page,
  account,
  signInAs,
  adminToken,
  approve,
}) => {
  test.setTimeout(120_000);
  const admin = { authorization: `Bearer ${await adminToken()}` };
  const member = { authorization: `Bearer ${account.token}` };
  // The admin asks for the odds and a second member of staff approves them (DESIGN §12).
  const setOdds = async (probabilities: number[]) => {
    const asked = await callApi(page.request, wheelApi.setOdds, {
      headers: admin,
      body: {
        prizes: WHEEL_PRIZE_IDS.map((id, i) => ({ id, probability: probabilities[i]! })),
      },
    });
    expect(asked.status()).toBe(202);
    return approve(await asked.json());
  };
  // £5 on every spin for this test, so there is cash to withdraw; the defaults come back after.
  await setOdds([0, 0, 0, 1]);
  const adTasks: string[] = [];
  try {
    // Five ads, each a task of its own, watched side by side: a ticket pays only if it was started after its
    // task's last paid ad, so one task's five would have to be watched one after another.
    for (let i = 0; i < 5; i++) {
      const created = await callApi(page.request, tasksApi.create, {
        headers: admin,
        body: {
          type: 'watch_video_ad',
          platform: 'admob',
          title: `Wheel ad ${i + 1} ${Date.now()}`,
          entriesReward: 1,
          verificationData: { adDuration: 5 },
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      adTasks.push((await created.json()).task._id);
    }
    const tickets: string[] = [];
    for (const id of adTasks) {
      const started = await callApi(page.request, tasksApi.start, { params: { id }, headers: member });
      expect(started.status(), await started.text()).toBe(200);
      tickets.push((await started.json()).ticket);
    }
    // Each is claimed once its five seconds are up; a claim before then is refused and changes nothing.
    for (const [i, id] of adTasks.entries()) {
      await expect
        .poll(
          async () =>
            (
              await callApi(page.request, tasksApi.complete, {
                params: { id },
                headers: member,
                body: { ticket: tickets[i]! },
              })
            ).status(),
          { timeout: 30_000, intervals: [500] },
        )
        .toBe(200);
    }

    await signInAs(account.token);
    await page.goto(paths.dashboard);
    const wheel = page.getByTestId('spin-wheel');
    await wheel.getByRole('button', { name: 'Spin the Wheel' }).click();
    await expect(wheel.getByRole('button', { name: 'Spinning...' })).toBeDisabled();
    const result = page.getByRole('dialog', { name: 'You won £5 Cash!' });
    await expect(result).toBeVisible({ timeout: 8_000 });
    await result.getByRole('button', { name: 'Great!' }).click();
    await expect(wheel).toContainText('1 spin so far · £5.00 cash won');
    await expect(page.getByTestId('cash-balance')).toHaveText('£5');

    // New cash settles before it can be withdrawn, and a new account has to verify its address first.
    const settling = page.getByTestId('cash-settling');
    await expect(settling).toContainText(/£5\s*available from \w{3}, \d+ \w{3} \d{4}/);
    await expect(page.getByTestId('cash-available')).toHaveText('£0 available to withdraw');
    await expect(
      page.getByText('Verify your email address before you withdraw: use the link we emailed you.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  } finally {
    await setOdds([0.75, 0.2, 0.04, 0.01]);
    for (const id of adTasks)
      await callApi(page.request, tasksApi.update, {
        params: { id },
        headers: admin,
        body: { active: false },
      });
  }
});

test('an admin asks for new wheel odds in Settings, seeing the cost, and a second member of staff approves them', async ({
  page,
  signInAs,
  adminToken,
  approverToken,
  approve,
}) => {
  await signInAs(await adminToken());
  await page.goto(paths.admin);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('10 Entries (%)')).toHaveValue('75');
  await expect(
    page.getByText('£0.09 cash and 17.5 entries a spin; £90 and 17,500 entries per 1,000 spins'),
  ).toHaveCount(2);
  await page.getByLabel('10 Entries (%)').fill('70');
  await expect(page.getByText('Total: 95%')).toBeVisible();
  await page.getByRole('button', { name: 'Ask for these odds' }).click();
  await expect(page.getByText('The odds must add up to 100%')).toBeVisible();
  await page.getByLabel('50 Entries (%)').fill('25');
  await expect(
    page.getByText('£0.09 cash and 19.5 entries a spin; £90 and 19,500 entries per 1,000 spins'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Ask for these odds' }).click();
  await expect(page.getByText(APPROVAL_WAITING)).toBeVisible();
  // Nothing changes until someone else approves.
  const odds = async () =>
    (await (await callApi(page.request, wheelApi.config)).json()).prizes.map(
      (p: { probability: number }) => p.probability,
    );
  expect(await odds()).toEqual([0.75, 0.2, 0.04, 0.01]);
  await page.getByRole('tab', { name: 'Approvals' }).click();
  const mine = page.getByRole('list', { name: 'Approvals' }).getByRole('listitem').first();
  await expect(mine).toContainText('Wheel odds: 10 Entries 75% → 70%, 50 Entries 20% → 25%');
  await expect(mine).toContainText('Waiting for another member of staff to decide.');
  await expectNoSeriousAxeViolations(page);

  await signInAs(await approverToken());
  await page.goto(paths.adminTab('approvals'));
  const waiting = page.getByRole('list', { name: 'Approvals' }).getByRole('listitem').first();
  await waiting.getByRole('button', { name: 'Approve…' }).click();
  await waiting.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(page.getByText('Approved: the change is made')).toBeVisible();
  await expect.poll(odds).toEqual([0.7, 0.25, 0.04, 0.01]);
  await keepScreenshot(page, 'admin-approvals.png', { fullPage: true });

  // Back to the defaults for the other tests.
  const asked = await callApi(page.request, wheelApi.setOdds, {
    headers: { authorization: `Bearer ${await adminToken()}` },
    body: {
      prizes: WHEEL_PRIZE_IDS.map((id, i) => ({ id, probability: [0.75, 0.2, 0.04, 0.01][i]! })),
    },
  });
  await approve(await asked.json());
  expect(await odds()).toEqual([0.75, 0.2, 0.04, 0.01]);
});

test('the dashboard fits a 360 px phone and axe finds nothing serious on it', async ({
  page,
  account,
  signInAs,
}) => {
  await signInAs(account.token);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(paths.dashboard);
  await expect(page.getByTestId('streak-level-card')).toBeVisible();
  await expect(page.getByTestId(/^achievement-/)).toHaveCount(24);
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await keepScreenshot(page, 'dashboard-360.png', { fullPage: true });
});

test('opening the dashboard again the same day loads each part once', async ({ page, account, signInAs }) => {
  await signInAs(account.token);
  await page.goto(paths.dashboard);
  await expect(page.getByTestId('streak-level-card')).toContainText('+1 entry for today');
  await settled(page);

  const stats: string[] = [];
  page.on('request', (r) => callsTo(gamificationApi.stats)(r.url()) && stats.push(r.url()));
  await page.reload();
  await expect(page.getByTestId('streak-level-card')).toContainText('1 day in a row');
  await settled(page);
  // Today's visit was already counted: the update changes nothing, so nothing is fetched twice.
  expect(stats).toHaveLength(1);
});

// Paid once, at one width; the screens only this flow reaches are checked at both (expectFitsBothWidths).
{
  const width = 1280;
  const savers = e2eSavers.members.slice(0, 3);
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a member withdraws settled cash; an admin pays it with a reference, and two more in one batch', async ({
      page,
      signInAs,
      adminToken,
    }) => {
      const [first, ...batch] = savers;
      await signInAs(await saverSession(page, first!.email));
      await page.goto(paths.dashboard);
      await expect(page.getByTestId('cash-balance')).toHaveText('£30');
      await page.getByRole('button', { name: 'Withdraw' }).click();
      await expect(page.getByLabel('Amount (£)')).toHaveValue('30');
      await page.getByLabel('Amount (£)').fill('5');
      await page.getByLabel('PayPal email').fill('not-an-email');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await expect(page.getByText('Enter a valid email address')).toBeVisible();
      await page.getByLabel('PayPal email').fill(first!.email);
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await expect(page.getByText('Withdrawal of £5 requested')).toBeVisible();
      await expect(page.getByTestId('cash-balance')).toHaveText('£25');
      await expect(page.getByText('Asked for', { exact: true })).toBeVisible();

      for (const saver of batch) {
        const res = await callApi(page.request, cashApi.requestWithdrawal, {
          headers: { authorization: `Bearer ${await saverSession(page, saver.email)}` },
          body: { method: 'paypal', amount: 6, paypalEmail: saver.email },
        });
        expect(res.status(), await res.text()).toBe(201);
      }

      await signInAs(await adminToken());
      await page.goto(paths.admin);
      await page.getByRole('tab', { name: 'Withdrawals' }).click();
      const row = (email: string) => page.getByRole('listitem').filter({ hasText: email });
      const one = row(first!.email);
      await expect(one).toContainText(`PayPal: ${first!.email}`);
      await one.getByRole('button', { name: 'Mark paid' }).click();
      const confirm = one.getByRole('group', { name: 'Confirm the payment' });
      await expect(confirm).toContainText(
        `${first!.username}: £5 to PayPal: ${first!.email}. Their cash balance does not change`,
      );
      await one.getByRole('button', { name: 'Confirm paid' }).click();
      await expect(one.getByText('The payment reference is required')).toBeVisible();
      await one.getByLabel('Payment reference').fill(`PAYID-${width}`);
      await expectFitsBothWidths(page, 'withdrawal-confirm');
      await one.getByRole('button', { name: 'Confirm paid' }).click();
      await expect(page.getByText('Withdrawal marked paid')).toBeVisible();
      await expect(one).toHaveCount(0);

      for (const saver of batch)
        await row(saver.email)
          .getByRole('checkbox', { name: `Select £6 to ${saver.username}` })
          .check();
      await expect(page.getByText('2 withdrawals selected: £12 in all')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Paid in this batch' })).toContainText(
        `${batch[0]!.username}: £6 to PayPal:`,
      );
      await page.getByLabel('Batch payment reference').fill(`BATCH-${width}`);
      await keepScreenshot(page, `withdrawals-batch-${width}.png`);
      await page.getByRole('button', { name: 'Mark 2 paid' }).click();
      await expect(page.getByText('2 withdrawals marked paid')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'The last batch' })).toContainText(
        `${batch[0]!.username}: paid`,
      );

      await page.getByRole('tab', { name: 'Paid' }).click();
      await expect(row(first!.email)).toContainText(`by Admin · reference PAYID-${width}`);
      await expect(row(batch[1]!.email)).toContainText(`reference BATCH-${width}`);
      await expectFitsBothWidths(page, 'withdrawals-paid');

      await signInAs(await saverSession(page, first!.email));
      await page.goto(paths.dashboard);
      await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    });
  });
}

test('the wheel is drawn in proportion to its odds at both widths, printed beside it and in the Contest Rules', async ({
  page,
  account,
  signInAs,
}) => {
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await signInAs(account.token);
  await page.goto(paths.dashboard);
  const wheel = page.getByTestId('spin-wheel');
  const odds = wheel.getByRole('definition');
  await expect(odds).toHaveText(['75%', '20%', '4%', '1%']);
  await expect(wheel.getByRole('term')).toHaveText(['10 Entries', '50 Entries', '£1 Cash', '£5 Cash']);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Only slices wide enough for their name carry it: the £1 and £5 slices are 14.4° and 3.6°.
    await expect(wheel.locator('svg text')).toHaveText(['10 Entries', '50 Entries']);
    await wheel.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await keepScreenshot(wheel, `wheel-odds-${width}.png`);
  }

  await page.goto(paths.contestRules);
  await expect(page.getByTestId('wheel-odds-rules').getByRole('listitem')).toHaveText([
    '10 Entries: 75% of spins',
    '50 Entries: 20% of spins',
    '£1 Cash: 4% of spins',
    '£5 Cash: 1% of spins',
  ]);
  await expect(page.getByTestId('promoter')).toContainText(
    `Legal name: ${e2ePromoter.PROMOTER_NAME}Postal address: ${e2ePromoter.PROMOTER_ADDRESS}`,
  );
});

{
  const width = 375;
  test(`at ${width} px recent activity lists every credit and debit, and the entry counts say what they count`, async ({
    page,
    account,
    signInAs,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { prizes } = await (await callApi(page.request, prizesApi.list)).json();
    const prize = prizes.find((p: { entryCost: number }) => p.entryCost === 1) ?? prizes[0];
    const entered = await callApi(page.request, prizesApi.enter, {
      params: { id: prize._id },
      headers: { authorization: `Bearer ${account.token}` },
      body: { entries: 2 },
    });
    expect(entered.status()).toBe(200);
    await signInAs(account.token);
    await page.goto(paths.dashboard);
    const activity = page.getByRole('list', { name: 'Recent activity' });
    await expect(
      activity.getByRole('listitem').filter({ hasText: `Entered a prize draw: ${prize.title}` }),
    ).toContainText(`−${2 * prize.entryCost}`);
    await expect(activity.getByRole('listitem').filter({ hasText: 'Welcome bonus' })).toContainText('+');
    await expect(activity.getByText('Achievement unlocked: Welcome aboard')).toBeVisible();
    await expect(activity.getByText('Daily streak bonus')).toBeVisible();
    for (const hint of ['Earned since you joined', 'Yours to spend on prizes', 'In prizes still open'])
      await expect(page.getByText(hint)).toBeVisible();
    await activity.scrollIntoViewIfNeeded();
    await expectFitsBothWidths(page, 'recent-activity');
  });
}
