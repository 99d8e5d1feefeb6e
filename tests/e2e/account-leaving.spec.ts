import { readFile } from 'node:fs/promises';
import { idProviderURL, socialClients } from '../../playwright.config';
import { authApi } from '../../src/contract/auth';
import { paths } from '../../src/web/config/paths';
import { loginStatus, meStatus } from './account-helpers';
import { callApi, pageAddress } from './addresses';
import { expect, test } from './fixtures';

test('download my data saves a dated JSON file holding the account', async ({ page, account, signInAs }) => {
  await signInAs(account.token);
  await page.goto(paths.account);
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
  await page.goto(paths.account);
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
  await expect(page).toHaveURL(paths.home);
  await expect(page.getByTestId('entries-count')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await meStatus(page, account.token)).toBe(401);

  await page.goto(paths.login);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    page.getByText(/^You are taking a break until \d+ \w+ \d{4}\. You can sign in again then\.$/),
  ).toBeVisible();
  await expect(page).toHaveURL(pageAddress(paths.login, { partly: true }));
});

test('deleting the account asks for the password, signs out, and the old password no longer works', async ({
  page,
  account,
  signInAs,
}) => {
  await signInAs(account.token);
  await page.goto(paths.account);
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
  await expect(page).toHaveURL(paths.home);
  // The browser forgets the session once its sign-out call has come back.
  await expect(page.getByTestId('entries-count')).toHaveCount(0);
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
  const res = await callApi(page.request, authApi.google, {
    body: { credential, acceptTerms: true },
    headers: { 'x-forwarded-for': '198.51.100.60' },
  });
  expect(res.status()).toBe(200);
  const session = await res.json();
  expect(session.user.hasPassword).toBe(false);

  await signInAs(session.token);
  await page.goto(paths.account);
  const main = page.getByRole('main');
  await expect(main.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await expect(page.getByLabel('New email')).toHaveCount(0);
  await expect(main.getByText(/signs in with Google or Apple, so it has no password yet/)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Forgot password?' }).first()).toHaveAttribute(
    'href',
    paths.forgotPassword,
  );

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Type DELETE to confirm', { exact: true }).last()).toBeVisible();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted. We are sorry to see you go.')).toBeVisible();
  await expect(page).toHaveURL(paths.home);
  expect(await meStatus(page, session.token)).toBe(401);
});
