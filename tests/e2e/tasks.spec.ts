import type { Page } from '@playwright/test';
import { authApi } from '../../src/contract/auth';
import { REFERRAL_PAID_WHEN } from '../../src/contract/constants';
import { paths } from '../../src/web/config/paths';
import { callApi } from './addresses';
import { expect, expectFitsBothWidths, test } from './fixtures';
import { createQuickAd, openAd } from './quick-ad';

test('a member completes a social task and the navbar count goes up', async ({ page, account, signInAs }) => {
  await signInAs(account.token);
  await page.goto(paths.tasks);
  const card = page.getByRole('listitem').filter({ hasText: 'Follow us on X (Twitter)' });
  await expect(card).toContainText('Follow @prizedrawuk');
  await card.getByRole('button', { name: 'Complete task' }).click();
  await expect(page.getByText('Task completed! +5 entries')).toBeVisible();
  await expect(page.getByText('Achievement unlocked: Getting started! +25 entries')).toBeVisible();
  // 60 to start (10 welcome, 50 first sign-in), 5 for the task, 25 for the first task.
  await expect(page.getByTestId('entries-count')).toHaveText('90 entries');
  await expect(card.getByRole('button', { name: 'Completed' })).toBeDisabled();

  await page.goto(paths.dashboard);
  await expect(page.getByText('Tasks completed').locator('..')).toContainText('1');
  await expect(page.getByRole('listitem').filter({ hasText: 'Follow us on X (Twitter)' })).toContainText(
    '+5',
  );
});

/** Plays a video ad in its modal on /tasks to the end and claims it. */
async function watchAd(page: Page, title: string) {
  const dialog = await openAd(page, title);
  await expect(dialog.getByText('Demo ad')).toBeVisible();
  await dialog.getByRole('button', { name: 'Play video' }).click();
  await expect(dialog.getByText('Loading ad...')).toBeVisible();
  await expect(dialog.getByTestId('ad-counter')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();
  await expect(dialog.getByTestId('ad-counter')).toContainText('/ 5s');
  await expect(dialog.getByRole('button', { name: 'Claim +2 entries' })).toBeVisible({ timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Claim +2 entries' }).click();
  await expect(page.getByText('+2 entries earned!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test('a member watches a video ad to the end and claims it', async ({
  page,
  account,
  signInAs,
  adminToken,
}) => {
  const { title } = await createQuickAd(page, adminToken);
  await signInAs(account.token);
  await watchAd(page, title);
  // 60 to start, 2 for the video, 25 for the first task.
  await expect(page.getByTestId('entries-count')).toHaveText('87 entries');
});

test('a friend who joins with an invite link earns the inviter entries once verified and past a video ad', async ({
  page,
  account,
  adminToken,
  mailedLink,
}) => {
  const me = async () =>
    (
      await (
        await callApi(page.request, authApi.me, { headers: { authorization: `Bearer ${account.token}` } })
      ).json()
    ).user;
  const { referralCode } = await me();
  const { title: video } = await createQuickAd(page, adminToken);

  const friendEmail = `friend-${Date.now()}@e2e.test`;
  await page.goto(`${paths.register}?ref=${referralCode}`);
  await page.getByLabel('Full name').fill('Invited Friend');
  await page.getByLabel('Email').fill(friendEmail);
  await page.getByLabel('Password', { exact: true }).fill('friend-pass');
  await page.getByLabel('Confirm password').fill('friend-pass');
  await page.getByLabel('I am 18 or over and accept the Terms and Contest Rules').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(paths.dashboard);
  await expect(page.getByLabel('Your invite link')).toHaveValue(/\/register\?ref=[A-Z0-9]+$/);

  // A click on a task is what a script does in one request: it pays the inviter nothing.
  await page.goto(paths.tasks);
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Join our newsletter' })
    .getByRole('button', { name: 'Complete task' })
    .click();
  await expect(page.getByText('Task completed! +10 entries')).toBeVisible();
  expect((await me()).availableEntries).toBe(60);

  // Nor does a watched video from an address nobody has verified…
  await watchAd(page, video);
  expect((await me()).availableEntries).toBe(60);
  // …until the friend opens the link we emailed them.
  await page.goto(await mailedLink(friendEmail, paths.verifyEmail));
  await expect(page.getByText('Thank you! Your email address is verified.')).toBeVisible();
  // 25 for the friend, and 100 for the referral_1 achievement.
  expect((await me()).availableEntries).toBe(60 + 25 + 100);
});

// Once, at a phone's width; the open dialog is checked at both widths (expectFitsBothWidths).
{
  const width = 375;
  test(`at ${width} px the video-ad dialog keeps the focus inside until it closes, then gives it back`, async ({
    page,
    account,
    signInAs,
    adminToken,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { title } = await createQuickAd(page, adminToken);
    await signInAs(account.token);
    await page.goto(paths.tasks);
    // Tasks say what they are: the YouTube task is to subscribe, and the referral rule is stated once.
    await expect(page.getByRole('listitem').filter({ hasText: 'Subscribe on YouTube' })).toContainText(
      'Subscribe to @prizedrawuk',
    );
    const invite = page.getByRole('listitem').filter({ hasText: 'Invite a friend' });
    await expect(invite).toContainText(`you earn entries once your friend ${REFERRAL_PAID_WHEN}.`);
    expect((await invite.textContent())!.split('once your friend').length).toBe(2);
    const opener = page
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('button', { name: 'Watch video' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expectFitsBothWidths(page);
    // The page behind is inert: however often Tab is pressed, nothing behind the dialog takes the focus.
    // Past the dialog's last control the focus goes to the browser's own controls (the page's body is
    // then the active element), and the next Tab brings it back into the dialog.
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'the browser';
        return active.closest('dialog') ? 'the dialog' : (active.textContent?.trim() ?? '');
      });
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      seen.push(await focused());
    }
    expect(seen.filter((where) => where !== 'the dialog' && where !== 'the browser')).toEqual([]);
    expect(seen.at(-1)).toBe('the dialog');
    await dialog.getByRole('button', { name: 'Play video' }).click();
    await expect(dialog.getByTestId('ad-counter')).toBeVisible();
    // While the video plays, Escape does not close it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Claim +2 entries' })).toBeVisible({ timeout: 10_000 });
    // Played to the end, closing asks first: the entries would be lost. Asked, it closes.
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('alert')).toContainText('Claim your 2 entries?');
    await expect(dialog.getByRole('button', { name: 'Close without claiming' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
}
