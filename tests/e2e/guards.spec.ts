import { loginWithNext, paths } from '../../src/web/config/paths';
import { expect, test } from './fixtures';

for (const path of [paths.tasks, paths.dashboard, paths.myEntries]) {
  test(`${path} sends a visitor to /login and back after signing in`, async ({ page, account }) => {
    await page.goto(path);
    await expect(page).toHaveURL(loginWithNext(path));
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(path);
  });
}

test('/admin sends visitors and non-admins home and lets the admin in', async ({
  page,
  account,
  signInAs,
  adminToken,
}) => {
  await page.goto(paths.admin);
  await expect(page).toHaveURL(paths.home);

  await signInAs(account.token);
  await page.goto(paths.admin);
  await expect(page).toHaveURL(paths.home);
  await page.getByRole('button', { name: account.username }).click();
  await expect(page.locator('#user-menu').getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);

  await signInAs(await adminToken());
  await page.goto(paths.admin);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  for (const tab of [
    'Dashboard',
    'Draw Winners',
    'All Winners',
    'Tasks',
    'Messages',
    'Withdrawals',
    'Settings',
  ]) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Admin' }).click();
  await expect(page.locator('#user-menu').getByRole('link', { name: 'Admin Panel' })).toBeVisible();
});

test('an unknown page shows the 404 page inside the site layout, answered 404', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page).toHaveTitle('Page not found | PrizeDraw');
  await expect(page.getByText('We couldn’t find that page')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
});
