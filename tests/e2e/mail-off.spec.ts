import { paths } from '../../src/web/config/paths';
import { expect, expectFitsBothWidths, test } from './fixtures';

const NOT_SENT = 'Mail is not being sent: SMTP_URL is not set, so every email stays in the outbox.';

// This site has no SMTP_URL (playwright.config.ts).
// Each flow runs once, at one width; the screens only it reaches are checked at both (expectFitsBothWidths).
const width = 1280;
test.describe(`at ${width} px`, () => {
  test.use({ viewport: { width, height: 900 } });

  test('without SMTP a banner across the console says mail is not being sent, and the test email says it was only queued', async ({
    page,
    signInAs,
    adminToken,
  }) => {
    await signInAs(await adminToken());
    await page.goto(paths.admin);
    await expect(page.getByRole('alert').filter({ hasText: NOT_SENT })).toBeVisible();
    await expectFitsBothWidths(page, 'mail-off-banner');

    await page.getByRole('tab', { name: 'Settings' }).click();
    const waiting = page
      .getByLabel('Mail queued in the last 24 hours')
      .getByText(/^Waiting/)
      .locator('..');
    const before = Number(await waiting.locator('dd').textContent());
    const address = `ops-${width}@e2e.test`;
    await page.getByLabel('Email address').fill(address);
    await page.getByRole('button', { name: 'Send test email' }).click();
    await expect(
      page.getByText(`No SMTP_URL is set: the test email for ${address} is in the outbox`),
    ).toBeVisible();
    await expect(page.getByText('Test email sent successfully!')).toHaveCount(0);
    await expect(waiting.locator('dd')).toHaveText(String(before + 1));
    await expectFitsBothWidths(page, 'mail-off-settings');
  });
});

test('the Contest Rules of a site that names no promoter say the name and address are missing', async ({
  page,
}) => {
  await page.goto(paths.contestRules);
  await expect(page.getByTestId('promoter')).toHaveText(
    'Legal name: Missing: not yet set by the site’s operatorPostal address: Missing: not yet set by the site’s operator',
  );
});
