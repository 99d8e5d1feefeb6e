import { transparencyApi } from '../../src/contract/transparency-api';
import { paths } from '../../src/web/config/paths';
import { callApi } from './addresses';
import { expect, expectFitsBothWidths, keepScreenshot, test } from './fixtures';

test('the transparency page, from the footer, shows the live figures, the code’s items and the newest checkpoint', async ({
  page,
}) => {
  await page.goto(paths.home);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Transparency' }).click();
  await expect(page).toHaveURL(paths.transparency);
  await expect(page).toHaveTitle('Transparency | PrizeDraw');

  const summary = await (await callApi(page.request, transparencyApi.summary)).json();
  const drawn = page.getByText('Prizes drawn').locator('..');
  await expect(drawn).toContainText(String(summary.prizes.drawn));
  // Every open prize is listed with its entries and odds.
  const odds = page.getByRole('region', { name: 'Open prizes and their odds' });
  for (const prize of summary.openPrizes) await expect(odds).toContainText(prize.title);
  await expect(page.getByRole('region', { name: 'Payouts by state' })).toContainText('Paid');
  await expect(page.getByRole('heading', { name: 'Where entries come from' })).toBeVisible();

  const code = page.getByRole('region', { name: 'The prize draw code, and how we meet it' });
  await expect(code).toContainText('Adults only');
  await expect(code).toContainText('Self-exclusion and breaks');
  await expect(code).toContainText('Winners published');
  await expect(code.getByTestId('promoter')).toBeVisible();

  const log = page.getByRole('region', { name: 'The public log' });
  await expect(log).toContainText(/Newest checkpoint: [\d,]+ records/);
  await expect(log).toContainText(`npm run verify-log -- --site ${new URL(page.url()).origin}`);
  await expectFitsBothWidths(page, 'transparency');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 720 });
    await keepScreenshot(page, `transparency-whole-${width}.png`, { fullPage: true });
  }
});
