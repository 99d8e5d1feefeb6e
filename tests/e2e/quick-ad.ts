import { expect, type Page } from '@playwright/test';
import { tasksApi } from '../../src/contract/tasks';
import { paths } from '../../src/web/config/paths';
import { callApi } from './addresses';

/** A 5-second video ad of its own, so a test watches the whole thing without waiting 30 seconds. */
export async function createQuickAd(
  page: Page,
  adminToken: () => Promise<string>,
  { title = `Quick video ${Date.now()}`, entriesReward = 2 } = {},
) {
  const created = await callApi(page.request, tasksApi.create, {
    headers: { authorization: `Bearer ${await adminToken()}` },
    body: {
      type: 'watch_video_ad',
      platform: 'admob',
      title,
      entriesReward,
      isRepeatable: true,
      verificationData: { adDuration: 5 },
    },
  });
  expect(created.status()).toBe(201);
  return { title, id: (await created.json()).task._id as string };
}

/** Opens the ad called `title` on /tasks, in its dialog. */
export async function openAd(page: Page, title: string) {
  await page.goto(paths.tasks);
  await page
    .getByRole('listitem')
    .filter({ hasText: title })
    .getByRole('button', { name: 'Watch video' })
    .click();
  return page.getByRole('dialog', { name: title });
}
