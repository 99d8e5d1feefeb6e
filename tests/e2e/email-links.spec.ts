import { paths } from '../../src/web/config/paths';
import { pageAddress } from './addresses';
import { expect, test } from './fixtures';

test.describe('emailed links', () => {
  test('a new member verifies their address from the link, and the banner goes', async ({
    page,
    account,
    signInAs,
    mailedLink,
  }) => {
    await signInAs(account.token);
    await page.goto(paths.dashboard);
    const banner = page.getByRole('status').filter({ hasText: 'Please verify your email address' });
    await expect(banner).toContainText(account.email);

    await banner.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByText(`We have sent a new link to ${account.email}`)).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Link sent' })).toBeDisabled();

    // The new link, the second sent: the first no longer works.
    const link = await mailedLink(account.email, paths.verifyEmail, 2);
    await page.goto(link);
    await expect(page.getByText('Thank you! Your email address is verified.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page.getByRole('heading', { name: /^Hi, / })).toBeVisible();
    await expect(page.getByText('Please verify your email address')).toHaveCount(0);

    // The same link again is refused.
    await page.goto(link);
    await expect(page.getByText('This link has already been used, or a newer one was sent')).toBeVisible();
  });

  test('a forgotten password is reset from the emailed link, once', async ({ page, account, mailedLink }) => {
    await page.goto(paths.login);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // Pages load when first visited, and the sign-in form (with its own Email field) stays until this one has.
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    const answer = 'If an account uses that address, we have emailed it a link to reset the password.';
    await expect(page.getByRole('status').filter({ hasText: answer })).toBeVisible();

    const link = await mailedLink(account.email, paths.resetPassword);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByLabel('Confirm new password').fill('a brand new password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been changed. Please sign in with it.')).toBeVisible();
    await expect(page).toHaveURL(pageAddress(paths.login));

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('a brand new password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(pageAddress(paths.dashboard));

    // Signed in or not, the used link changes nothing.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('someone elses pw');
    await page.getByLabel('Confirm new password').fill('someone elses pw');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('This link has already been used, or a newer one was sent')).toBeVisible();
  });

  test('an address with no account gets the same answer', async ({ page }) => {
    await page.goto(paths.forgotPassword);
    await page.getByLabel('Email').fill('nobody-here@e2e.test');
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect(
      page.getByText('If an account uses that address, we have emailed it a link to reset the password.'),
    ).toBeVisible();
  });
});
