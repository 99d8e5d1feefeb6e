import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

const publicPages = [
  '/',
  '/prizes',
  '/prizes/unknown',
  '/how-it-works',
  '/winners',
  '/faq',
  '/contact',
  '/about',
  '/terms',
  '/privacy',
  '/contest-rules',
  '/login',
  '/register',
  '/no-such-page',
];
const memberPages = ['/tasks', '/dashboard', '/my-entries', '/wins', '/entries'];
const adminPages = ['/admin'];

const widths = [375, 1280];
const shotName = (path: string, width: number) =>
  `screenshots/${
    path === '/'
      ? 'home'
      : path
          .slice(1)
          .replace(/^prizes\/[0-9a-f-]{36}$/, 'prize-detail')
          .replaceAll('/', '-')
  }-${width}.png`;

/** axe finds nothing serious, the page has one h1, nothing overflows sideways; a full-page screenshot is kept to look at. */
async function checkPage(page: import('@playwright/test').Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
  await expect(page.locator('h1')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
  await page.screenshot({ path: shotName(path, width), fullPage: true });
}

for (const width of widths) {
  test(`public pages at ${width}px are accessible and fit the screen`, async ({ page }) => {
    const { prizes } = await (await page.request.get('/api/prizes')).json();
    for (const path of [...publicPages, `/prizes/${prizes[0]._id}`]) {
      await test.step(path, () => checkPage(page, path, width));
    }
  });

  test(`member and admin pages at ${width}px are accessible and fit the screen`, async ({
    page,
    account,
    signInAs,
    adminToken,
  }) => {
    await signInAs(account.token);
    for (const path of memberPages) await test.step(path, () => checkPage(page, path, width));
    await signInAs(await adminToken());
    for (const path of adminPages) await test.step(path, () => checkPage(page, path, width));
  });
}
