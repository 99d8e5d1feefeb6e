import { e2eOfferSecret } from '../../playwright.config';
import { authApi } from '../../src/contract/auth';
import { urlOf } from '../../src/contract/endpoint';
import { offersApi } from '../../src/contract/offer-walls';
import { paths } from '../../src/web/config/paths';
import { signedPostback } from '../support/offer-postback';
import { callApi } from './addresses';
import { expect, expectFitsBothWidths, test } from './fixtures';

test('an offer credit is spendable at once and marked pending until its provider can no longer reverse it', async ({
  page,
  account,
  signInAs,
}) => {
  const me = await (
    await callApi(page.request, authApi.me, { headers: { authorization: `Bearer ${account.token}` } })
  ).json();
  const query = signedPostback(
    { user_id: me.user._id, transaction_id: `e2e-hold-${Date.now()}`, amount: '40', status: '1' },
    e2eOfferSecret,
  );
  expect(await (await page.request.get(urlOf(offersApi.postbackGet, { query }))).text()).toBe('1');

  await signInAs(account.token);
  await page.goto(paths.entries);
  const credit = page.getByRole('listitem').filter({ hasText: '+40' });
  await expect(credit).toContainText(
    /Pending: the offer’s provider may still reverse it until \d{1,2} \w+ \d{4}/,
  );
  await expectFitsBothWidths(page, 'pending-credit');
});
