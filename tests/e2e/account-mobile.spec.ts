import AxeBuilder from '@axe-core/playwright';
import { paths } from '../../src/web/config/paths';
import { secondSession } from './account-helpers';
import { expect, keepScreenshot, settled, test } from './fixtures';

test('the account page fits a 360 px phone, links from the mobile menu, and axe finds nothing serious', async ({
  page,
  account,
  signInAs,
}) => {
  await secondSession(page, account.email, account.password);
  await signInAs(account.token);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(paths.home);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL(paths.account);
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
  await keepScreenshot(page, 'account-360.png', { fullPage: true });

  // The dialogs too, and closing one puts focus back on the button that opened it.
  const open = page.getByRole('button', { name: 'Delete my account' });
  await open.click();
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(open).toBeFocused();
});
