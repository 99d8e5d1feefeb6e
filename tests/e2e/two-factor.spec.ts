import { codeAt } from '../support/totp';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  keepScreenshot,
  test,
} from './fixtures';

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a member turns on two-step verification, then signs in with a code and with a recovery code', async ({
      page,
      account,
      signInAs,
    }) => {
      await signInAs(account.token);
      await page.goto('/account');
      const card = page.locator('#two-step');
      await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
      const secret = (await card.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
      await keepScreenshot(card, `two-factor-setup-${width}.png`);
      await card.getByLabel('Code from your app').fill('000000');
      await card.getByRole('button', { name: 'Turn on' }).click();
      await expect(page.getByText('That code is not right. Please try again.')).toBeVisible();
      await card.getByLabel('Code from your app').fill(codeAt(secret, new Date()));
      await card.getByRole('button', { name: 'Turn on' }).click();
      const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      const recovery = await codes.first().innerText();
      await card.getByRole('button', { name: 'I have saved them' }).click();
      await expect(card.getByText('You have 10 recovery codes left.')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await expectNoSidewaysScroll(page);

      // Signing in now takes a code after the password.
      await page.evaluate(() => localStorage.removeItem('token'));
      const signIn = async () => {
        await page.goto('/login');
        await page.getByLabel('Email').fill(account.email);
        await page.getByLabel('Password').fill(account.password);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
      };
      await signIn();
      await expectNoSeriousAxeViolations(page);
      await keepScreenshot(page, `two-factor-sign-in-${width}.png`);
      // The code that turned it on is spent: the app's next one (a step ahead is still accepted).
      await page.getByLabel('Code from your app, or a recovery code').fill(codeAt(secret, new Date(), 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('Login successful!')).toBeVisible();
      await expect(page).not.toHaveURL(/\/login/);

      await page.evaluate(() => localStorage.removeItem('token'));
      await signIn();
      await page.getByLabel('Code from your app, or a recovery code').fill(recovery.toUpperCase());
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('Login successful!')).toBeVisible();
      await page.goto('/account');
      await expect(page.locator('#two-step').getByText('You have 9 recovery codes left.')).toBeVisible();
    });
  });
}
