import AxeBuilder from '@axe-core/playwright';
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

/** axe finds nothing serious and headings in order, the page has one h1, nothing overflows sideways; a full-page screenshot is kept to look at (keepScreenshot). */
async function checkPage(page: import('@playwright/test').Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
  await checkScreen(page, shotName(path, width));
}

async function checkScreen(page: import('@playwright/test').Page, screenshot: string) {
  await expect(page.locator('h1')).toHaveCount(1);
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  // Headings keep their order too (DESIGN §13), which axe counts only as moderate.
  const serious = violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order',
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
  await keepScreenshot(page, screenshot, { fullPage: true });
}

for (const width of widths) {
  test.describe(`at ${width}px`, () => {
    for (const path of publicPages) {
      test(`${path} is accessible and fits the screen`, async ({ page }) => checkPage(page, path, width));
    }

    test('a prize page is accessible and fits the screen', async ({ page }) => {
      const { prizes } = await (await callApi(page.request, prizesApi.list)).json();
      await checkPage(page, paths.prize(prizes[0]._id), width);
    });

    for (const path of memberPages) {
      test(`${path} is accessible and fits the screen for a member`, async ({ page, account, signInAs }) => {
        await signInAs(account.token);
        await checkPage(page, path, width);
      });
    }

    for (const path of adminPages) {
      test(`${path} is accessible and fits the screen for an admin`, async ({
        page,
        signInAs,
        adminToken,
      }) => {
        await signInAs(await adminToken());
        await checkPage(page, path, width);
      });
    }

    test('every admin tab is accessible and fits the screen', async ({ page, signInAs, adminToken }) => {
      // Eight screens, each checked by axe; and their headings in order, which a screen reader's outline needs.
      // On a busy machine (CI runs two browsers beside the sites) they took 90 s to reach the last tab.
      test.setTimeout(180_000);
      await signInAs(await adminToken());
      await page.setViewportSize({ width, height: 900 });
      await page.goto(paths.admin);
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
        await page.getByRole('tab', { name: tab }).click();
        await checkScreen(page, `admin-${tab.toLowerCase().replace(' ', '-')}-${width}.png`);
        const { violations } = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
        expect(
          violations.flatMap((v) => v.nodes.map((n) => n.target.join(' '))),
          tab,
        ).toEqual([]);
      }
      await page.getByRole('tab', { name: 'Tasks' }).click();
      await page.getByRole('button', { name: 'New task' }).click();
      await checkScreen(page, `admin-task-form-${width}.png`);
    });
  });
}
