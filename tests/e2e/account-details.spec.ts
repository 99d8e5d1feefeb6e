import { authApi } from '../../src/contract/auth';
import { loginWithNext, paths } from '../../src/web/config/paths';
import { loginStatus, meStatus, secondSession } from './account-helpers';
import { callApi } from './addresses';
import { expect, test } from './fixtures';

test('the account page, reached from the user menu, shows the member’s details and this device', async ({
  page,
  account,
  signInAs,
}) => {
  await page.goto(paths.account);
  await expect(page).toHaveURL(loginWithNext(paths.account));

  await signInAs(account.token);
  await page.goto(paths.dashboard);
  await page.getByRole('button', { name: account.username }).click();
  await page.locator('#user-menu').getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL(paths.account);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

  const { user } = await (
    await callApi(page.request, authApi.me, { headers: { authorization: `Bearer ${account.token}` } })
  ).json();
  const main = page.getByRole('main');
  await expect(main.getByText(account.username, { exact: true })).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(account.email);
  await expect(main.getByText('Not verified', { exact: true })).toBeVisible();
  const joined = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(
    new Date(user.createdAt),
  );
  await expect(main.getByText(joined)).toBeVisible();
  await expect(page.getByTestId('account-entries')).toHaveText(
    `${user.availableEntries} available to spend · ${user.totalEntries} earned since you joined`,
  );
  await expect(page.getByTestId('account-cash')).toHaveText('£0');

  const sessions = page.getByTestId('session');
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText('This device');
  await expect(sessions.first()).toContainText('Last used just now');
  await expect(sessions.first().getByRole('button', { name: /Sign out/ })).toHaveCount(0);
  await expect(main.getByText('You are signed in on this device only.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Contact page' })).toHaveAttribute('href', paths.contact);
  await expect(main.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', paths.terms);
});

test('another device shows by name and can be signed out on its own, or with all the others', async ({
  page,
  account,
  signInAs,
}) => {
  const firefox = await secondSession(page, account.email, account.password);
  await signInAs(account.token);
  await page.goto(paths.account);

  const sessions = page.getByTestId('session');
  await expect(sessions).toHaveCount(2);
  // This device is listed first.
  await expect(sessions.first()).toContainText('This device');
  const other = sessions.filter({ hasText: 'Firefox on Mac' });
  await expect(other).not.toContainText('This device');
  await other.getByRole('button', { name: 'Sign out Firefox on Mac' }).click();
  await expect(page.getByText('Session signed out')).toBeVisible();
  await expect(sessions).toHaveCount(1);
  expect(await meStatus(page, firefox)).toBe(401);
  expect(await meStatus(page, account.token)).toBe(200);

  const others = [
    await secondSession(page, account.email, account.password, '198.51.100.8'),
    await secondSession(page, account.email, account.password, '198.51.100.9'),
  ];
  await page.reload();
  await expect(sessions).toHaveCount(3);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out everywhere else')).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(page.getByText('You are signed in on this device only.')).toBeVisible();
  for (const token of others) expect(await meStatus(page, token)).toBe(401);
  expect(await meStatus(page, account.token)).toBe(200);
});

test('changing the password checks the current one, keeps this device signed in, and the new one works', async ({
  page,
  account,
  signInAs,
}) => {
  const firefox = await secondSession(page, account.email, account.password);
  await signInAs(account.token);
  await page.goto(paths.account);
  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password');

  await next.fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await current.fill('not my password');
  await next.fill('a brand new password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not correct')).toBeVisible();

  await current.fill(account.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other sessions have been signed out.')).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(next).toHaveValue('');

  expect(await meStatus(page, account.token)).toBe(200);
  expect(await meStatus(page, firefox)).toBe(401);
  expect(await loginStatus(page, account.email, 'a brand new password')).toBe(200);
  expect(await loginStatus(page, account.email, account.password)).toBe(401);
});

test('changing the email shows the new address as not verified', async ({ page, account, signInAs }) => {
  await signInAs(account.token);
  await page.goto(paths.account);
  const email = `changed-${Date.now()}@e2e.test`;
  await page.getByLabel('New email').fill(email);
  await page.getByLabel('Your password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(
    page.getByText('Email changed. Please check your inbox to verify your new address.'),
  ).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await expect(page.getByRole('main').getByText('Not verified', { exact: true })).toBeVisible();
  expect(await loginStatus(page, email, account.password)).toBe(200);
});
