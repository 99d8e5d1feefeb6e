import { authApi } from '../../src/contract/auth';
import { offersApi } from '../../src/contract/offer-walls';
import { paths } from '../../src/web/config/paths';
import { callApi } from './addresses';
import { expect, expectFitsBothWidths, test } from './fixtures';

/** A whole 1×1 PNG: the server reads the type from these bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('a member reports an offer that did not credit with a screenshot; staff see it beside the postbacks and credit it', async ({
  page,
  account,
  signInAs,
  adminToken,
}) => {
  const admin = { authorization: `Bearer ${await adminToken()}` };
  const wallName = `Missing ${Date.now().toString(36)}`;
  const added = await callApi(page.request, offersApi.addWall, {
    headers: admin,
    body: {
      name: wallName,
      provider: 'generic',
      frameUrl: 'https://offers.example/wall?uid={userId}',
      secret: 'e2e-wall-secret-123',
      entriesPerPound: 1000,
    },
  });
  expect(added.status()).toBe(201);
  const offer = 'Reach level 10 in Tile Town';

  await signInAs(account.token);
  await page.goto(paths.tasks);
  await page.getByRole('tab', { name: 'Offer Wall' }).click();
  const report = page.locator('#missing-credit');
  await expect(report.getByRole('heading', { name: 'Missing credit?' })).toBeVisible();
  const wallField = report.getByLabel('Offer wall', { exact: true });
  if (await wallField.isVisible()) await wallField.selectOption({ label: wallName });
  await report.getByLabel('The offer’s name').fill(offer);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await report.getByLabel('The day you completed it').fill(yesterday);
  await report.getByLabel('The entries it promised').fill('15');
  const screenshot = report.getByLabel(/^A screenshot of it done/);
  // Not an image: the form says so before anything is sent.
  await screenshot.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await report.getByRole('button', { name: 'Report missing credit' }).click();
  await expect(report.getByText('The screenshot must be a PNG, JPEG or WebP image')).toBeVisible();
  await screenshot.setInputFiles({ name: 'done.png', mimeType: 'image/png', buffer: PNG });
  await report.getByRole('button', { name: 'Report missing credit' }).click();
  await expect(
    page.getByText('Thanks: we will check it with the provider and tell you what we find.'),
  ).toBeVisible();
  const mine = report.getByRole('list', { name: /Your missing-credit reports/ }).getByRole('listitem');
  await expect(mine.filter({ hasText: offer })).toContainText('Waiting');
  await expectFitsBothWidths(page, 'missing-credit-reported');

  // Staff find it in the review queue, beside what the wall sent for the member (nothing), with the screenshot.
  await signInAs(admin.authorization.slice('Bearer '.length));
  await page.goto(paths.adminTab('review'));
  const card = page.getByRole('listitem').filter({ hasText: `${account.username} reports “${offer}”` });
  await expect(card).toContainText('None: the provider has sent nothing for this member.');
  await card.getByRole('button', { name: 'Show the screenshot' }).click();
  await expect(card.getByRole('img', { name: "The member's screenshot of the offer" })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await expectFitsBothWidths(page, 'missing-credit-queue');
  await card.getByRole('button', { name: 'Credit', exact: true }).click();
  await expect(card.getByLabel('Entries to credit')).toHaveValue('15');
  await card.getByLabel('Reason').fill('Provider confirmed the completion');
  await card.getByRole('button', { name: 'Credit the entries' }).click();
  await expect(page.getByText(`Credited: ${account.username} is told`)).toBeVisible();

  // The member sees the outcome where they reported it.
  await signInAs(account.token);
  await page.goto(paths.tasks);
  await page.getByRole('tab', { name: 'Offer Wall' }).click();
  await expect(mine.filter({ hasText: offer })).toContainText('Credited: 15 entries');
  await expect(mine.filter({ hasText: offer })).toContainText('Provider confirmed the completion');
  const me = await callApi(page.request, authApi.me, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect((await me.json()).user.availableEntries).toBeGreaterThanOrEqual(15);
});
