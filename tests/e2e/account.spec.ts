import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { idProviderURL, socialClients } from '../../playwright.config';
import { expect, settled, test } from './fixtures';

const FIREFOX_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';

/** Another sign-in to the same account, as if from a second computer. */
async function secondSession(page: Page, email: string, password: string, address = '198.51.100.7') {
  const res = await page.request.post('/api/auth/login', {
    data: { email, password },
    headers: { 'user-agent': FIREFOX_ON_MAC, 'x-forwarded-for': address },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).token as string;
}

const meStatus = async (page: Page, token: string) =>
  (await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status();

const loginStatus = async (page: Page, email: string, password: string) =>
  (
    await page.request.post('/api/auth/login', {
      data: { email, password },
      headers: { 'x-forwarded-for': '198.51.100.250' },
    })
  ).status();

test('the account page, reached from the user menu, shows the member’s details and this device', async ({
  page,
  account,
  signInAs,
}) => {
  await page.goto('/account');
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/account')}`);

  await signInAs(account.token);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: account.username }).click();
  await page.locator('#user-menu').getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

  const { user } = await (
    await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${account.token}` } })
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
    `${user.availableEntries} available of ${user.totalEntries} in total`,
  );
  await expect(page.getByTestId('account-cash')).toHaveText('£0');

  const sessions = page.getByTestId('session');
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText('This device');
  await expect(sessions.first()).toContainText('Last used just now');
  await expect(sessions.first().getByRole('button', { name: /Sign out/ })).toHaveCount(0);
  await expect(main.getByText('You are signed in on this device only.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Contact page' })).toHaveAttribute('href', '/contact');
  await expect(main.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
});

test('another device shows by name and can be signed out on its own, or with all the others', async ({
  page,
  account,
  signInAs,
}) => {
  const firefox = await secondSession(page, account.email, account.password);
  await signInAs(account.token);
  await page.goto('/account');

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
  await page.goto('/account');
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
  await page.goto('/account');
  const email = `changed-${Date.now()}@e2e.test`;
  await page.getByLabel('New email').fill(email);
  await page.getByLabel('Your password').fill(account.password);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(
    page.getByText('Email changed. Please check your inbox to verify your new address.'),
  ).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await expect(page.getByRole('main').getByText('Not verified', { exact: true })).toBeVisible();
  expect(await loginStatus(page, email, account.password)).toBe(200);
});

test('download my data saves a dated JSON file holding the account', async ({ page, account, signInAs }) => {
  await signInAs(account.token);
  await page.goto('/account');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^prizedraw-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.account.email).toBe(account.email);
  expect(data.account.username).toBe(account.username);
  expect(JSON.stringify(data)).not.toContain('tokenHash');
  expect(download.suggestedFilename()).toBe(`prizedraw-my-data-${data.exportedAt.slice(0, 10)}.json`);
});

test('a 1-month break is confirmed first, signs out, and sign-in then says until when', async ({
  page,
  account,
  signInAs,
}) => {
  await signInAs(account.token);
  await page.goto('/account');
  await page.getByRole('radio', { name: '3 months' }).check();
  await page.getByRole('button', { name: 'Take a break' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take a 3-month break?' });
  await expect(dialog).toContainText('you cannot sign in again for 3 months');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  // Nothing was sent: the session still works.
  expect(await meStatus(page, account.token)).toBe(200);

  await page.getByRole('radio', { name: '1 month' }).check();
  await page.getByRole('button', { name: 'Take a break' }).click();
  await page
    .getByRole('dialog', { name: 'Take a 1-month break?' })
    .getByRole('button', { name: 'Start my break' })
    .click();
  await expect(
    page.getByText(/^Your break has started\. You can sign in again on \d+ \w+ \d{4}\.$/),
  ).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('entries-count')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await meStatus(page, account.token)).toBe(401);

  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    page.getByText(/^You are taking a break until \d+ \w+ \d{4}\. You can sign in again then\.$/),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('deleting the account asks for the password, signs out, and the old password no longer works', async ({
  page,
  account,
  signInAs,
}) => {
  await signInAs(account.token);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password is required')).toBeVisible();
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your current password is not correct')).toBeVisible();
  expect(await meStatus(page, account.token)).toBe(200);

  await dialog.getByLabel('Your password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted. We are sorry to see you go.')).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await meStatus(page, account.token)).toBe(401);
  expect(await loginStatus(page, account.email, account.password)).toBe(401);
});

test('an account made with Google is pointed to Forgot password? and deletes by typing DELETE', async ({
  page,
  signInAs,
}) => {
  const email = `google-${Date.now()}@e2e.test`;
  const { token: credential } = await (
    await page.request.post(`${idProviderURL}/token`, {
      data: {
        issuer: 'https://accounts.google.com',
        audience: socialClients.google,
        claims: { sub: `google-${Date.now()}`, email, email_verified: true, name: 'Google Tester' },
      },
    })
  ).json();
  const res = await page.request.post('/api/auth/google', {
    data: { credential, acceptTerms: true },
    headers: { 'x-forwarded-for': '198.51.100.60' },
  });
  expect(res.status()).toBe(200);
  const session = await res.json();
  expect(session.user.hasPassword).toBe(false);

  await signInAs(session.token);
  await page.goto('/account');
  const main = page.getByRole('main');
  await expect(main.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await expect(page.getByLabel('New email')).toHaveCount(0);
  await expect(main.getByText(/signs in with Google or Apple, so it has no password yet/)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Forgot password?' }).first()).toHaveAttribute(
    'href',
    '/forgot-password',
  );

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Type DELETE to confirm', { exact: true }).last()).toBeVisible();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted. We are sorry to see you go.')).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(await meStatus(page, session.token)).toBe(401);
});

test('the account page fits a 360 px phone, links from the mobile menu, and axe finds nothing serious', async ({
  page,
  account,
  signInAs,
}) => {
  await secondSession(page, account.email, account.password);
  await signInAs(account.token);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByTestId('session')).toHaveCount(2);
  await settled(page);

  const serious = async () => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  expect(await serious()).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'screenshots/account-360.png', fullPage: true });

  // The dialogs too, and closing one puts focus back on the button that opened it.
  const open = page.getByRole('button', { name: 'Delete my account' });
  await open.click();
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(open).toBeFocused();
});
