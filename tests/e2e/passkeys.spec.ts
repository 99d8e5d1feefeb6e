import { paths } from '../../src/web/config/paths';
import { expect, expectFitsBothWidths, test } from './fixtures';

/**
 * Passkeys need the site's own name (a WebAuthn relying party cannot be an IP address), so these pages are
 * opened at localhost, the name the e2e site gives itself; Chromium's virtual authenticator (over CDP)
 * stands in for a phone's fingerprint reader.
 */
// Once, at a desktop's width; the passkey list is checked at both widths (expectFitsBothWidths).
{
  const width = 1280;
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a member adds a passkey on the account page, and signs in with it, with no password', async ({
      page,
      account,
      baseURL,
    }) => {
      const site = new URL(baseURL!);
      site.hostname = 'localhost';
      const at = (path: string) => new URL(path, site).href;
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      await page.goto(at(paths.home));
      await page.evaluate((token) => localStorage.setItem('token', token), account.token);
      await page.goto(at(`${paths.account}#two-step`));
      const passkeys = page.getByRole('region', { name: 'Passkeys' });
      await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(passkeys.getByText('The name is required')).toBeVisible();
      await passkeys.getByLabel('Name for a new passkey').fill('E2E phone');
      // The account has no second factor yet: its password shows it is the owner asking (a wrong one is
      // refused: enrolment.test.ts).
      await passkeys.getByLabel('Password, to add a passkey').fill(account.password);
      await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(page.getByText('Passkey added')).toBeVisible();
      await expect(passkeys.getByRole('list', { name: 'Your passkeys' })).toContainText('E2E phone');
      await expectFitsBothWidths(page, 'passkeys');

      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto(at(paths.login));
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await expect(page.getByText('Login successful!')).toBeVisible();
      await expect(page.getByTestId('entries-count')).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]{43}$/);
      await page.goto(at(`${paths.account}#two-step`));
      await expect(passkeys).toContainText(/E2E phone\s*Added .+ · last used/);
    });
  });
}
