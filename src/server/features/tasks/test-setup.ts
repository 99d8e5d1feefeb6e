import { authHeader, createUser } from '../../../../tests/factories';
import type { TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { tasksApi } from '../../../contract/tasks';
import { tasks } from '../../db/schema';

// What the task tests share: a task of each kind, a member to do them, and the calls to do them.

export async function setUp(t: TestApp) {
  const [follow, video, daily, referral] = await t.db
    .insert(tasks)
    .values([
      {
        type: 'twitter_follow',
        platform: 'twitter',
        title: 'Follow us',
        entriesReward: 5,
        accountToFollow: '@prizedraw',
      },
      {
        type: 'watch_video_ad',
        platform: 'admob',
        title: 'Watch',
        entriesReward: 2,
        isRepeatable: true,
        adDuration: 30,
      },
      {
        type: 'complete_survey',
        platform: 'survey',
        title: 'Daily poll',
        entriesReward: 3,
        isRepeatable: true,
        repeatInterval: 'daily',
      },
      { type: 'referral', platform: 'affiliate', title: 'Invite', entriesReward: 25, isRepeatable: true },
    ])
    .returning();
  const user = await createUser(t.db, { entries: 10 });
  return {
    follow: follow!,
    video: video!,
    daily: daily!,
    referral: referral!,
    user,
    auth: await authHeader(t.db, user.id),
  };
}

export const complete = (t: TestApp, id: string, headers: Record<string, string>, body?: object) =>
  inject(t, tasksApi.complete, { params: { id }, headers, body: body as { ticket?: string } });
export const start = (t: TestApp, id: string, headers: Record<string, string>) =>
  inject(t, tasksApi.start, { params: { id }, headers });
