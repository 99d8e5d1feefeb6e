import AxeBuilder from '@axe-core/playwright';
import { APPROVAL_WAITING } from '../../src/contract/approvals';
import { expect, expectNoSeriousAxeViolations, keepScreenshot, settled, test } from './fixtures';

test('a new member’s dashboard shows the streak, level, wheel, stats, lists, achievements, leaderboard and cash', async ({
  page,
  account,
  signInAs,
}) => {
  await signInAs(account.token);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Hi, ${account.username}` })).toBeVisible();

  // Opening the dashboard counts today's visit.
  const streak = page.getByTestId('streak-level-card');
  await expect(streak.getByRole('heading', { name: '1 day in a row' })).toBeVisible();
  await expect(streak).toContainText('+1 entry for today');
  await expect(streak.getByRole('heading', { name: /^Level \d+$/ })).toBeVisible();
  await expect(streak.getByRole('progressbar')).toBeVisible();

  const wheel = page.getByTestId('spin-wheel');
  await expect(wheel.getByRole('link', { name: 'Watch 5 Ads to Spin' })).toHaveAttribute('href', '/tasks');
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
    '/tasks',
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse prizes' }).first()).toHaveAttribute(
    'href',
    '/prizes',
  );
});

test('after five ads a member spins the wheel, wins cash and asks for it; an admin pays it', async ({
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
    const asked = await page.request.put('/api/admin/instant-win/config', {
      headers: admin,
      data: {
        prizes: ['entries_10', 'entries_50', 'cash_1', 'cash_5'].map((id, i) => ({
          id,
          probability: probabilities[i],
        })),
      },
    });
    expect(asked.status()).toBe(202);
    return approve(await asked.json());
  };
  // £5 on every spin for this test, so there is cash to withdraw; the defaults come back after.
  await setOdds([0, 0, 0, 1]);
  try {
    const created = await page.request.post('/api/admin/tasks', {
      headers: admin,
      data: {
        type: 'watch_video_ad',
        platform: 'admob',
        title: `Wheel ad ${Date.now()}`,
        entriesReward: 1,
        isRepeatable: true,
        verificationData: { adDuration: 5 },
      },
    });
    const { task } = await created.json();
    for (let i = 0; i < 5; i++) {
      const { ticket } = await (
        await page.request.post(`/api/tasks/${task._id}/start`, { headers: member })
      ).json();
      await page.waitForTimeout(5_100);
      const done = await page.request.post(`/api/tasks/${task._id}/complete`, {
        headers: member,
        data: { ticket },
      });
      expect(done.status()).toBe(200);
    }

    await signInAs(account.token);
    await page.goto('/dashboard');
    const wheel = page.getByTestId('spin-wheel');
    await wheel.getByRole('button', { name: 'Spin the Wheel' }).click();
    await expect(wheel.getByRole('button', { name: 'Spinning...' })).toBeDisabled();
    const result = page.getByRole('dialog', { name: 'You won £5 Cash!' });
    await expect(result).toBeVisible({ timeout: 8_000 });
    await result.getByRole('button', { name: 'Great!' }).click();
    await expect(wheel).toContainText('1 spin so far · £5.00 cash won');
    await expect(page.getByTestId('cash-balance')).toHaveText('£5');

    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByLabel('PayPal email').fill('not-an-email');
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await page.getByLabel('PayPal email').fill(account.email);
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(page.getByText('Withdrawal of £5 requested')).toBeVisible();
    await expect(page.getByTestId('cash-balance')).toHaveText('£0');
    await expect(page.getByText('Being paid')).toBeVisible();

    page.on('dialog', (dialog) => void dialog.accept());
    await signInAs(admin.authorization.slice(7));
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const request = page.getByRole('listitem').filter({ hasText: account.email });
    await expect(request).toContainText(`PayPal: ${account.email}`);
    await request.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByText('Withdrawal marked paid')).toBeVisible();
    await expect(request).toHaveCount(0);

    await signInAs(account.token);
    await page.goto('/dashboard');
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  } finally {
    await setOdds([0.75, 0.2, 0.04, 0.01]);
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
  await page.goto('/admin');
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
    (await (await page.request.get('/api/instant-win/config')).json()).prizes.map(
      (p: { probability: number }) => p.probability,
    );
  expect(await odds()).toEqual([0.75, 0.2, 0.04, 0.01]);
  await page.getByRole('tab', { name: 'Approvals' }).click();
  const mine = page.getByRole('list', { name: 'Approvals' }).getByRole('listitem').first();
  await expect(mine).toContainText('Wheel odds: 10 Entries 75% → 70%, 50 Entries 20% → 25%');
  await expect(mine).toContainText('Waiting for another member of staff to decide.');
  await expectNoSeriousAxeViolations(page);

  await signInAs(await approverToken());
  await page.goto('/admin?tab=approvals');
  const waiting = page.getByRole('list', { name: 'Approvals' }).getByRole('listitem').first();
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved: the change is made')).toBeVisible();
  await expect.poll(odds).toEqual([0.7, 0.25, 0.04, 0.01]);
  await keepScreenshot(page, 'admin-approvals.png', { fullPage: true });

  // Back to the defaults for the other tests.
  const asked = await page.request.put('/api/admin/instant-win/config', {
    headers: { authorization: `Bearer ${await adminToken()}` },
    data: {
      prizes: ['entries_10', 'entries_50', 'cash_1', 'cash_5'].map((id, i) => ({
        id,
        probability: [0.75, 0.2, 0.04, 0.01][i],
      })),
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
  await page.goto('/dashboard');
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
  await page.goto('/dashboard');
  await expect(page.getByTestId('streak-level-card')).toContainText('+1 entry for today');
  await settled(page);

  const stats: string[] = [];
  page.on('request', (r) => r.url().includes('/api/gamification/stats') && stats.push(r.url()));
  await page.reload();
  await expect(page.getByTestId('streak-level-card')).toContainText('1 day in a row');
  await settled(page);
  // Today's visit was already counted: the update changes nothing, so nothing is fetched twice.
  expect(stats).toHaveLength(1);
});
