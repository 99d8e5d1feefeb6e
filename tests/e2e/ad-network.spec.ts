import { createHmac } from 'node:crypto';
import { e2eAdRewardSecret } from '../../playwright.config';
import { authApi } from '../../src/contract/auth';
import { urlOf } from '../../src/contract/endpoint';
import { tasksApi } from '../../src/contract/tasks';
import { paths } from '../../src/web/config/paths';
import { callApi } from './addresses';
import { expect, expectFitsBothWidths, test } from './fixtures';
import { createQuickAd, openAd } from './quick-ad';

test('with an ad network, a member opts in to an ad and its entries arrive only from the network’s signed callback, once', async ({
  page,
  account,
  signInAs,
  adminToken,
}) => {
  const { title, id } = await createQuickAd(page, adminToken, {
    title: `Network video ${Date.now()}`,
    entriesReward: 3,
  });

  await signInAs(account.token);
  const dialog = await openAd(page, title);
  // Pressing play is the member's opt-in: the ad's id is what the network is given.
  const started = page.waitForResponse((r) => r.url().endsWith(urlOf(tasksApi.start, { params: { id } })));
  await dialog.getByRole('button', { name: 'Play video' }).click();
  const { ticket } = await (await started).json();
  await expect(dialog.getByText('Rewarded ad')).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText(
    'Your 3 entries arrive once they confirm you watched it to the end.',
  );
  await expectFitsBothWidths(page, 'ad-network-playing');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The network's server confirms the ad, signed as DESIGN §19 says; a forgery and a replay pay nothing.
  const me = await (
    await callApi(page.request, authApi.me, { headers: { authorization: `Bearer ${account.token}` } })
  ).json();
  const fields = {
    user_id: me.user._id,
    ad_id: ticket as string,
    reward: '3',
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  const signature = createHmac('sha256', e2eAdRewardSecret)
    .update(`${fields.user_id}:${fields.ad_id}:${fields.reward}:${fields.timestamp}`)
    .digest('hex');
  const pay = (query: Record<string, string>) =>
    callApi(page.request, tasksApi.adCallback, { query: query as never });
  expect(
    (await pay({ ...fields, signature: signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) })).status(),
  ).toBe(401);
  expect((await pay({ ...fields, signature })).status()).toBe(200);
  expect((await pay({ ...fields, signature })).status()).toBe(409);

  // The member sees the ad paid in their recent activity, once.
  await page.goto(paths.dashboard);
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(1);
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('+3');
});
