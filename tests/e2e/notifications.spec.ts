import type { Page } from '@playwright/test';
import { e2eOfferSecret, withServiceWorker } from '../../playwright.config';
import { authApi } from '../../src/contract/auth';
import { urlOf } from '../../src/contract/endpoint';
import { membersApi } from '../../src/contract/members-api';
import { notificationsApi } from '../../src/contract/notifications-api';
import { offersApi } from '../../src/contract/offer-walls';
import { paths } from '../../src/web/config/paths';
import { signedPostback } from '../support/offer-postback';
import { callApi } from './addresses';
import {
  expect,
  expectFitsBothWidths,
  expectNoSeriousAxeViolations,
  keepScreenshot,
  mailMatching,
  settled,
  test,
} from './fixtures';

test.use(withServiceWorker);

let n = 0;

/** An offer provider's postback crediting `amount` entries, signed as DESIGN §4 says. */
async function offerPostback(page: Page, userId: string, amount: number) {
  const transaction_id = `e2e-${Date.now()}-${n++}`;
  const query = signedPostback(
    { user_id: userId, transaction_id, amount: String(amount), status: '1' },
    e2eOfferSecret,
  );
  // The provider's query is its own, not the contract's: sent as it signs it.
  const res = await page.request.get(urlOf(offersApi.postbackGet, { query }));
  expect(await res.text()).toBe('1');
}

const entriesShown = async (page: Page) =>
  Number((await page.getByTestId('entries-count').innerText()).replace(/\D/g, ''));

// Each flow runs once, at one width; the screens only it reaches are checked at both (expectFitsBothWidths).
const width = 375;
test.describe(`at ${width} px`, () => {
  test.use({ viewport: { width, height: 900 } });

  test('the balance and the bell change the moment an offer postback lands, and the panel and page list it', async ({
    page,
    account,
    signInAs,
  }) => {
    await signInAs(account.token);
    await page.goto(paths.dashboard);
    const readMe = async () =>
      (
        await (
          await callApi(page.request, authApi.me, { headers: { authorization: `Bearer ${account.token}` } })
        ).json()
      ).user;
    // Opening the dashboard counts the day's visit (SPEC §4), which may credit a streak bonus: the header
    // shows the balance as it stands once that has landed.
    await settled(page);
    let me = await readMe();
    await expect(async () => {
      me = await readMe();
      await expect(page.getByTestId('entries-count')).toHaveText(`${me.availableEntries} entries`, {
        timeout: 1_000,
      });
    }).toPass();
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    const before = await entriesShown(page);

    await offerPostback(page, me._id, 40);
    // No reload: the page hears of it.
    await expect(page.getByTestId('entries-count')).toHaveText(`${before + 40} entries`);
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);

    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await expect(panel.getByRole('link', { name: /\+40 entries from an offer/ })).toBeVisible();
    await expectFitsBothWidths(page, 'notifications-panel');

    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications');
    await panel.getByRole('link', { name: 'See all notifications' }).click();
    await expect(page).toHaveURL(paths.notifications);
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /\+40 entries from an offer/ })).toBeVisible();
    await expect(page.getByText('All read')).toBeVisible();
    await expectFitsBothWidths(page, 'notifications');

    // A second credit while on this page shows in the list as it lands.
    await offerPostback(page, me._id, 5);
    await expect(page.getByRole('link', { name: /Unread: \+5 entries from an offer/ })).toBeVisible();
    await expect(page.getByTestId('entries-count')).toHaveText(`${before + 45} entries`);
  });

  test('email and push choices on the account page are kept as they change, news off until ticked', async ({
    page,
    account,
    signInAs,
  }) => {
    await signInAs(account.token);
    await page.goto(paths.emailChoices);
    const news = page.getByRole('checkbox', { name: 'News and offers by email' });
    await expect(news).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Draw results by email' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Entries credited by email' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Entries credited by push' })).toBeChecked();
    // The browser is asked about notifications only when the member presses the button.
    await expect(page.getByTestId('push-switch')).toContainText('Notifications on this device');
    await expect(page.getByRole('button', { name: 'Turn on' })).toBeVisible();
    expect(await page.evaluate(() => Notification.permission)).toBe('default');

    await news.check();
    await expect(page.getByText('Your choices are saved')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Draw results by email' }).uncheck();
    await expect(page.getByRole('checkbox', { name: 'Draw results by email' })).not.toBeChecked();
    await expectFitsBothWidths(page, 'email-choices');

    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'News and offers by email' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Draw results by email' })).not.toBeChecked();
  });
});

test('leaving a list from an email’s link works without signing in', async ({
  page,
  account,
  adminToken,
  browser,
}) => {
  const auth = { authorization: `Bearer ${account.token}` };
  const me = (await (await callApi(page.request, authApi.me, { headers: auth })).json()).user;
  // Credits by email are off by default: this member asks for them, then an admin corrects their balance.
  await callApi(page.request, notificationsApi.updatePreferences, {
    headers: auth,
    body: { email: { credits: true } },
  });
  const admin = { authorization: `Bearer ${await adminToken()}` };
  const adjusted = await callApi(page.request, membersApi.adjust, {
    params: { id: me._id },
    headers: admin,
    body: { account: 'entries', amount: 5, reason: 'Goodwill for a late credit' },
  });
  expect(adjusted.status()).toBe(200);
  const [, link] = await mailMatching(account.email, /Stop these emails: \S*(\/unsubscribe\?token=\S+)/);

  const signedOut = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const visitor = await signedOut.newPage();
  await visitor.goto(link!);
  await expect(visitor.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expectNoSeriousAxeViolations(visitor);
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    visitor.getByText(
      'You will no longer get "Entries credited" emails. You can turn them back on in your account.',
    ),
  ).toBeVisible();
  await keepScreenshot(visitor, 'unsubscribe-375.png', { fullPage: true });
  await signedOut.close();
  const { preferences } = await (
    await callApi(page.request, notificationsApi.preferences, { headers: auth })
  ).json();
  expect(preferences.email.credits).toBe(false);
});
