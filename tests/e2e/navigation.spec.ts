import { paths } from '../../src/web/config/paths';
import { expect, test } from './fixtures';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu toggle opens and closes the menu, and a link click closes it', async ({ page }) => {
    await page.goto(paths.home);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    for (const name of ['Home', 'Prizes', 'How it works', 'Winners', 'FAQ', 'Contact', 'About']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    await menu.getByRole('link', { name: 'Winners' }).click();
    await expect(page).toHaveURL(paths.winners);
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
  });

  test('the menu closes whichever link is followed, a footer link included', async ({ page }) => {
    await page.goto(paths.home);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    // The open menu fills the screen, so the footer is reached from the keyboard.
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
    await footerLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(paths.privacy);
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  });

  test('signed in, the menu adds Tasks and Dashboard and the entries count shows', async ({
    page,
    account,
    signInAs,
  }) => {
    await signInAs(account.token);
    await page.goto(paths.home);
    // 10 welcome and 50 for the first sign-in (the first_login achievement).
    await expect(page.getByTestId('entries-count')).toHaveText('60 entries');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(paths.dashboard);
    await expect(menu).toHaveCount(0);
  });
});

test('the footer has the Quick Links, Support and Legal groups and the copyright line', async ({ page }) => {
  await page.goto(paths.home);
  const footer = page.getByRole('contentinfo');
  for (const group of ['Quick Links', 'Support', 'Legal']) {
    await expect(footer.getByRole('heading', { name: group })).toBeVisible();
  }
  await expect(footer).toContainText(
    'Win amazing prizes by completing simple tasks. Free to join, free to play!',
  );
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await footer.getByRole('link', { name: 'Contest Rules' }).click();
  await expect(page).toHaveURL(paths.contestRules);
});

test('the contact form sends the message, shows the success toast and clears itself', async ({ page }) => {
  await page.goto(paths.contact);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Subject is required')).toBeVisible();

  await page.getByLabel('Your name').fill('Ann');
  await page.getByLabel('Email').fill('ann@e2e.test');
  await page.getByLabel('Subject').fill('My prize');
  await page.getByLabel('Message').fill('When will it arrive?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText("Message sent! We'll get back to you soon.")).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByLabel('Message')).toHaveValue('');
});

test('a page whose code cannot load shows the error page, and the next page opens', async ({ page }) => {
  await page.goto(paths.home);
  // The FAQ's code is loaded when first visited; here the network refuses it.
  await page.route(/\/assets\/faq-[\w-]+\.js$/, (route) => route.abort());
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByText('Something went wrong on this page')).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(paths.about);
  await expect(page.getByText('Something went wrong on this page')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
