import { e2eLogSigningKey } from '../../playwright.config';
import { prizesApi } from '../../src/contract/prizes-api';
import { transparencyApi } from '../../src/contract/transparency-api';
import { signedCheckpoint, toBase64 } from '../../src/shared/signed-note';
import { paths } from '../../src/web/config/paths';
import { callApi, callsTo } from './addresses';
import { expect, expectFitsBothWidths, test } from './fixtures';

test('a member’s browser checks their receipts against the public log, and warns once the log is rewritten', async ({
  page,
  account,
  signInAs,
}) => {
  const member = { authorization: `Bearer ${account.token}` };
  const { prizes } = await (await callApi(page.request, prizesApi.list)).json();
  const giftCard = prizes.find((p: { title: string }) => p.title === '£100 Amazon Gift Card');
  const entered = await callApi(page.request, prizesApi.enter, {
    params: { id: giftCard._id },
    body: { entries: 2 },
    headers: member,
  });
  expect(entered.status()).toBe(200);
  const { logIndex } = await entered.json();
  // The site signs a checkpoint over it within a second (LOG_CHECKPOINT_SECONDS on the e2e sites).
  const checkpointSize = async () =>
    Number((await (await callApi(page.request, transparencyApi.checkpoint)).text()).split('\n')[1]);
  await expect.poll(checkpointSize).toBeGreaterThan(logIndex);

  await signInAs(account.token);
  await page.goto(paths.myEntries);
  await expect(page.getByText(`Receipt #${logIndex}`)).toBeVisible();
  await expect(page.getByText('Your receipts are in the public log')).toBeVisible();
  await expectFitsBothWidths(page, 'public-log-checked');

  // The operator rewrites history and signs it with the site's own key: a tree one leaf larger that does
  // not extend the one this browser saw. Only the consistency proof can show it; the browser asks for one.
  const size = await checkpointSize();
  const { origin } = await (await callApi(page.request, transparencyApi.key)).json();
  const seed = new Uint8Array(Buffer.from(e2eLogSigningKey, 'hex'));
  const forged = signedCheckpoint(origin, seed, size + 1, new Uint8Array(32).fill(7));
  await page.route(callsTo(transparencyApi.checkpoint), (route) =>
    route.fulfill({ contentType: 'text/plain; charset=utf-8', body: forged }),
  );
  await page.route(callsTo(transparencyApi.consistency), (route) =>
    route.fulfill({ json: { hashes: [toBase64(new Uint8Array(32).fill(9))] } }),
  );
  await page.reload();
  const warning = page.getByRole('alert').filter({ hasText: 'The public log has been rewritten' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(
    `It no longer extends the ${size} ${size === 1 ? 'record' : 'records'} you saw before.`,
  );
  await expectFitsBothWidths(page, 'public-log-rewritten');

  // The rewritten log is not taken as the one seen: the next check is against what was shown before.
  const seen = await page.evaluate(() => JSON.parse(localStorage.getItem('public-log:seen') ?? 'null'));
  expect(seen.size).toBe(size);
});
