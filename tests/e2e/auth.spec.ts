import { authApi } from '../../src/contract/auth';
import { paths } from '../../src/web/config/paths';
import { callsTo, pageAddress } from './addresses';
import { expect, test } from './fixtures';

test('a new visitor registers through the form, gets the welcome bonus and first achievement, logs out and back in', async ({
  page,
}) => {
  const email = `form-${Date.now()}@e2e.test`;
  await page.goto(paths.register);
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
    'placeholder',
    'min 6 characters',
  );
  await page.getByLabel('Full name').fill('Form Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByLabel('Confirm password').fill('secret-pass');
  await page.getByLabel('I am 18 or over and accept the Terms and Contest Rules').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText('Registration successful! Welcome bonus: 10 entries!')).toBeVisible();
  await expect(page.getByText('Achievement unlocked: Welcome aboard! +50 entries')).toBeVisible();
  await expect(page).toHaveURL(paths.dashboard);
  // 10 welcome, 50 for the first sign-in, and 1 for today's visit to the dashboard.
  await expect(page.getByTestId('entries-count')).toHaveText('61 entries');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]{43}$/);

  await page.getByRole('button', { name: 'Form Tester' }).click();
  await page.locator('#user-menu').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(paths.home);
  await expect(page.getByTestId('entries-count')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password').fill('secret-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByTestId('entries-count')).toHaveText('61 entries');
});

test('register warns with an alert when the passwords do not match, and sends nothing', async ({ page }) => {
  let requests = 0;
  page.on('request', (r) => {
    if (callsTo(authApi.register)(r.url())) requests++;
  });
  await page.goto(paths.register);
  await page.getByLabel('Full name').fill('Mismatch');
  await page.getByLabel('Email').fill('mismatch@e2e.test');
  await page.getByLabel('Password', { exact: true }).fill('secret-one');
  await page.getByLabel('Confirm password').fill('secret-two');
  await page.getByLabel('I am 18 or over and accept the Terms and Contest Rules').check();
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect.poll(() => alerts).toEqual(['Passwords do not match!']);
  await expect(page).toHaveURL(paths.register);
  expect(requests).toBe(0);
});

test('register shows the rules inline before sending anything', async ({ page }) => {
  await page.goto(paths.register);
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('You must be 18 or over and accept the Terms and Contest Rules')).toBeVisible();
});

test('register shows the server’s error for an email already in use', async ({ page, account }) => {
  await page.goto(paths.register);
  await page.getByLabel('Full name').fill('Duplicate');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByLabel('Confirm password').fill('secret-pass');
  await page.getByLabel('I am 18 or over and accept the Terms and Contest Rules').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('An account with this email already exists')).toBeVisible();
});

test('login shows the server’s error for a wrong password', async ({ page, account }) => {
  await page.goto(paths.login);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(paths.login);
});

test('a token the server no longer accepts is removed on load and the visitor is signed out', async ({
  page,
  signInAs,
}) => {
  await signInAs('x'.repeat(43));
  await page.goto(paths.home);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a hiccup never signs a member out: the page says it is retrying, then carries on', async ({
  page,
  account,
  signInAs,
}) => {
  await signInAs(account.token);
  // The server answers 503 once, then the network fails once, then all is well.
  let failures = 0;
  await page.route(callsTo(authApi.me), async (route) => {
    failures += 1;
    if (failures === 1) return route.fulfill({ status: 503, json: { error: 'Busy', code: 'busy' } });
    if (failures === 2) return route.abort('connectionrefused');
    return route.continue();
  });
  await page.goto(paths.dashboard);
  await expect(page.getByRole('status').filter({ hasText: "Can't reach PrizeDraw, retrying" })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Hi, ${account.username}` })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("Can't reach PrizeDraw, retrying")).toHaveCount(0);
  expect(page.url()).toMatch(pageAddress(paths.dashboard));
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(account.token);
});
