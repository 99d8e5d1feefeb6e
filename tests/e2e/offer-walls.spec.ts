import { authApi } from '../../src/contract/auth';
import { offersApi, PROVIDER_NAMES } from '../../src/contract/offer-walls';
import { paths } from '../../src/web/config/paths';
import { postbackFor } from '../helpers/offer-walls';
import { callApi } from './addresses';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  keepScreenshot,
  test,
} from './fixtures';

const PROVIDERS = ['bitlabs', 'ayetstudios', 'revtoo', 'revlum'] as const;
const SECRET = 'e2e-wall-secret-123';
/** The address the e2e server believes it has (SITE_URL's default), which BitLabs' hash covers. */
const siteOf = (baseURL: string) => baseURL.replace('127.0.0.1', 'localhost');
const ANSWER = { bitlabs: 'OK', ayetstudios: 'OK', revtoo: 'ok', revlum: 'ok' } as const;

test('an admin adds a wall for each provider; a signed postback credits once, its reversal takes it back, and the Dashboard shows what each earned', async ({
  page,
  account,
  signInAs,
  adminToken,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const name = (p: (typeof PROVIDERS)[number]) => `${PROVIDER_NAMES[p]} ${run}`;
  const token = await adminToken();
  await signInAs(token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(paths.adminTab('offerwalls'));
  for (const provider of PROVIDERS) {
    await page.getByRole('button', { name: 'Add wall' }).click();
    await page.getByLabel('Name members see').fill(name(provider));
    await page.getByLabel('Provider', { exact: true }).selectOption(provider);
    await page.getByLabel(/^Frame address/).fill(`https://offers.${provider}.example/wall?uid={userId}`);
    await page.getByLabel('Secret the provider signs with').fill(SECRET);
    await page.getByLabel('Entries per £1 of revenue').fill('1000');
    await page.getByRole('button', { name: 'Add wall' }).last().click();
    await expect(page.getByText(`Offer wall ${name(provider)} added`)).toBeVisible();
  }
  const list = page.getByRole('list', { name: 'Offer walls' });
  for (const provider of PROVIDERS)
    await expect(list.getByText(name(provider), { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await keepScreenshot(page, 'admin-offer-walls-1280.png', { fullPage: true });

  // Each provider's postback, signed as its documentation shows, twice: credited once.
  const admin = { authorization: `Bearer ${token}` };
  const walls: Array<{ _id: string; name: string }> = (
    await (await callApi(page.request, offersApi.adminWalls, { headers: admin })).json()
  ).walls;
  const me = (
    await (
      await callApi(page.request, authApi.me, { headers: { authorization: `Bearer ${account.token}` } })
    ).json()
  ).user;
  for (const provider of PROVIDERS) {
    const wall = walls.find((w) => w.name === name(provider))!;
    const signed = postbackFor(provider, {
      wallId: wall._id,
      secret: SECRET,
      userId: me._id,
      transactionId: `o${run}1`,
      payout: '2.00',
      site: siteOf(baseURL!),
    });
    for (let i = 0; i < 2; i++) {
      const res = await page.request.fetch(signed.url, {
        method: signed.method,
        headers: signed.headers,
        data: signed.payload,
      });
      expect([res.status(), await res.text()]).toEqual([200, ANSWER[provider]]);
    }
  }
  // Revlum takes its conversion back.
  const revlum = walls.find((w) => w.name === name('revlum'))!;
  const reversal = postbackFor('revlum', {
    wallId: revlum._id,
    secret: SECRET,
    userId: me._id,
    transactionId: `o${run}1`,
    payout: '2.00',
    reversal: true,
  });
  expect(
    (
      await page.request.fetch(reversal.url, {
        method: 'POST',
        headers: reversal.headers,
        data: reversal.payload,
      })
    ).status(),
  ).toBe(200);

  // The member sees a tab for each wall, and what each gave them: $2.00 at 0.79 is £1.58, so 1,580 entries.
  const member = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const tab = await member.newPage();
  await tab.goto(paths.home);
  await tab.evaluate((t) => localStorage.setItem('token', t), account.token);
  await tab.goto(paths.tasks);
  await tab.getByRole('tab', { name: 'Offer Wall' }).click();
  const wallTabs = tab.getByRole('tablist', { name: 'Offer walls' });
  for (const provider of PROVIDERS)
    await expect(wallTabs.getByRole('tab', { name: name(provider) })).toBeVisible();
  await wallTabs.getByRole('tab', { name: name('bitlabs') }).click();
  await expect(tab.getByText('1,580', { exact: true })).toBeVisible();
  await expect(tab.locator(`iframe[title="${name('bitlabs')} offers"]`)).toHaveAttribute(
    'src',
    `https://offers.bitlabs.example/wall?uid=${me._id}`,
  );
  await wallTabs.getByRole('tab', { name: name('revlum') }).click();
  await expect(tab.getByText('Offers completed').locator('..')).toContainText('0');
  await expectNoSeriousAxeViolations(tab);
  await expectNoSidewaysScroll(tab);
  await keepScreenshot(tab, 'tasks-offer-walls-375.png');
  await member.close();

  // The Dashboard: what each wall earned.
  await page.goto(paths.admin);
  const earned = page.getByRole('region', { name: 'What each offer wall earned' });
  // Credits, reversals, revenue, entries given.
  const cells = (p: (typeof PROVIDERS)[number]) =>
    earned.getByRole('row', { name: new RegExp(name(p)) }).getByRole('cell');
  await expect(cells('bitlabs')).toHaveText(['1', '0', '£1.58', '1,580']);
  await expect(cells('revlum')).toHaveText(['1', '1', '£0', '0']);
  await expectNoSeriousAxeViolations(page);
});
