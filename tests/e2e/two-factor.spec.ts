import { paths } from '../../src/web/config/paths';
import { codeAt } from '../support/totp';
import { pageAddress } from './addresses';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  keepScreenshot,
  test,
} from './fixtures';

test.use({ viewport: { width: 375, height: 900 } });

test('a member gives the password again, turns on two-step verification, then signs in with a code and with a recovery code', async ({
  page,
  account,
  signInAs,
}) => {
  await signInAs(account.token);
  await page.goto(paths.account);
  const card = page.locator('#two-step');
  // A borrowed session cannot set one up: the password is asked for again.
  const password = card.getByLabel('Password, to set up two-step verification');
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(card.getByText('Enter your password')).toBeVisible();
  await password.fill('not the password');
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(card.getByRole('alert')).toHaveText('Your current password is not correct');
  await keepScreenshot(card, 'two-factor-password-375.png');
  await password.fill(account.password);
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await card.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await keepScreenshot(card, 'two-factor-setup-375.png');
  await expectNoSeriousAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(card, 'two-factor-setup-1280.png');
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
    await page.goto(paths.login);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  };
  await signIn();
  await expectNoSeriousAxeViolations(page);
  await keepScreenshot(page, 'two-factor-sign-in-1280.png');
  // The code that turned it on is spent: the app's next one (a step ahead is still accepted).
  await page.getByLabel('Code from your app, or a recovery code').fill(codeAt(secret, new Date(), 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).not.toHaveURL(pageAddress(paths.login, { partly: true }));

  await page.evaluate(() => localStorage.removeItem('token'));
  await signIn();
  await page.getByLabel('Code from your app, or a recovery code').fill(recovery.toUpperCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await page.goto(paths.account);
  await expect(page.locator('#two-step').getByText('You have 9 recovery codes left.')).toBeVisible();
});
