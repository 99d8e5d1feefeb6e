import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { fullChromium, withServiceWorker } from '../../playwright.config';
import { paths } from '../../src/web/config/paths';
import { expect, test } from './fixtures';

test.use(withServiceWorker);

test('the site installs as an app in Chromium, and shows its offline page without a connection', async () => {
  const { use } = test.info().project;
  // Chromium installs nothing from an incognito window, which is what a test's usual context is.
  const profile = mkdtempSync(join(tmpdir(), 'e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...fullChromium,
    baseURL: use.baseURL,
  });
  try {
    const page = await context.newPage();
    await page.goto(paths.home);
    expect(await page.evaluate(async () => Boolean(await navigator.serviceWorker.ready))).toBe(true);
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    expect((await manifest.json()).display).toBe('standalone');
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);

    // The service worker answers a page it cannot fetch with the offline page, and keeps nothing else.
    await page.reload();
    await context.setOffline(true);
    await page.goto(paths.prizes).catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await context.setOffline(false);
    const kept = await page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names[0]!);
      return { names, paths: (await cache.keys()).map((r) => new URL(r.url).pathname).sort() };
    });
    expect(kept).toEqual({ names: ['offline-v1'], paths: ['/icons/icon-192.png', '/offline.html'] });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the service worker shows a push as the server sends it', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await page.goto(paths.home);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  const cdp = await context.newCDPSession(page);
  // The registration's id, as DevTools names it, to hand it a push as a push service would.
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  // The payload push.ts sends (PushPayload).
  const payload = {
    title: 'You won PlayStation 5!',
    body: 'Confirm your delivery details.',
    url: paths.wins,
    tag: 'notification-1',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(scope).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  // The worker wakes for the push and shows it in its own time: on a busy machine that is seconds.
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            url: n.data.url,
          })),
        ),
      { timeout: 20_000 },
    )
    .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, url: paths.wins }]);
});
