import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { prizesApi } from '../../src/contract/prizes-api';
import { paths } from '../../src/web/config/paths';
import { callApi } from './addresses';
import { expect, keepScreenshot, settled, test } from './fixtures';

const publicPages = [
  paths.home,
  paths.prizes,
  '/prizes/unknown',
  paths.howItWorks,
  paths.winners,
  paths.faq,
  paths.contact,
  paths.about,
  paths.terms,
  paths.privacy,
  paths.contestRules,
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  paths.verifyEmail,
  '/no-such-page',
];
const memberPages = [
  paths.tasks,
  paths.dashboard,
  paths.myEntries,
  paths.wins,
  paths.entries,
  paths.account,
  paths.messages,
];
const adminPages = [paths.admin];

const widths = [375, 1280];
const shotName = (path: string, width: number) =>
  `${
    path === paths.home
      ? 'home'
      : path
          .slice(1)
          .replace(/^prizes\/[0-9a-f-]{36}$/, 'prize-detail')
          .replaceAll(paths.home, '-')
  }-${width}.png`;

/**
 * The page at `path`, loaded afresh at the page's width: axe finds nothing serious and headings in order, the
 * page has one h1, nothing overflows sideways; a full-page screenshot is kept to look at (keepScreenshot).
 * Each page is a step of a test that reads many: a fault on one is reported and the rest are still read.
 */
async function checkPage(page: Page, path: string, width: number) {
  await test.step(path, async () => {
    await page.goto(path);
    await checkScreen(page, shotName(path, width));
  });
}

async function checkScreen(page: Page, screenshot: string) {
  await expect.soft(page.locator('h1'), screenshot).toHaveCount(1);
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  // Headings keep their order too (DESIGN §13), which axe counts only as moderate.
  const serious = violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order',
  );
  expect
    .soft(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      screenshot,
    )
    .toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(overflow, `${screenshot}: horizontal overflow in px`).toBeLessThanOrEqual(0);
  await keepScreenshot(page, screenshot, { fullPage: true });
}

// One browser page per group and width, read page after page: a member and the admin are signed in once.
for (const width of widths) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every public page, and a prize’s, is accessible and fits the screen', async ({ page }) => {
      // Eighteen pages, each read by axe: a few seconds each on a busy machine.
      test.setTimeout(300_000);
      for (const path of publicPages) await checkPage(page, path, width);
      const { prizes } = await (await callApi(page.request, prizesApi.list)).json();
      await checkPage(page, paths.prize(prizes[0]._id), width);
    });

    test('every member page is accessible and fits the screen for a member', async ({
      page,
      account,
      signInAs,
    }) => {
      test.setTimeout(180_000);
      await signInAs(account.token);
      for (const path of memberPages) await checkPage(page, path, width);
    });

    test('the admin console and every admin tab are accessible and fit the screen', async ({
      page,
      signInAs,
      adminToken,
    }) => {
      // Ten screens, each checked by axe, headings in order too, which a screen reader's outline needs.
      // On a busy machine (CI runs two browsers beside the sites) they took 90 s to reach the last tab.
      test.setTimeout(240_000);
      await signInAs(await adminToken());
      for (const path of adminPages) await checkPage(page, path, width);
      for (const tab of [
        'Draw Winners',
        'All Winners',
        'Tasks',
        'Offer Walls',
        'Messages',
        'Withdrawals',
        'Settings',
        'Staff',
      ]) {
        // checkScreen's axe pass counts heading-order too.
        await test.step(tab, async () => {
          await page.getByRole('tab', { name: tab }).click();
          await checkScreen(page, `admin-${tab.toLowerCase().replace(' ', '-')}-${width}.png`);
        });
      }
      await page.getByRole('tab', { name: 'Tasks' }).click();
      await page.getByRole('button', { name: 'New task' }).click();
      await checkScreen(page, `admin-task-form-${width}.png`);
    });
  });
}
