import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject, named } from '../../../../tests/helpers/inject';
import { tasksApi } from '../../../contract/tasks';
import { usersApi } from '../../../contract/users';
import { ledgerEntries, users } from '../../db/schema';
import { complete, setUp, start } from './test-setup';

describe('tasks', () => {
  it('lists tasks with the caller’s completed state and refuses visitors', async () => {
    const t = await buildTestApp();
    const { follow, auth } = await setUp(t);
    expect((await inject(t, tasksApi.list)).statusCode).toBe(401);
    await complete(t, follow.id, auth);
    const list = (await inject(t, tasksApi.list, { headers: auth })).data().tasks;
    expect(list).toHaveLength(4);
    expect(list[0]).toMatchObject({
      title: 'Follow us',
      completed: true,
      verificationData: { accountToFollow: '@prizedraw', postUrl: null, adDuration: 30 },
    });
  });

  it('credits a one-off task once through the ledger, with SPEC’s fields', async () => {
    const t = await buildTestApp();
    const { follow, auth, user } = await setUp(t);
    const res = await complete(t, follow.id, auth);
    // 10 + 5, and a first task is the first_task achievement (+25).
    expect(res.json()).toEqual({
      message: 'Task completed! +5 entries',
      entriesEarned: 5,
      totalEntries: 15 + 25,
      availableEntries: 15 + 25,
      newAchievements: ['first_task'],
    });
    const again = await complete(t, follow.id, auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('You have already completed this task');
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id))).toHaveLength(3);
  });

  it('credits once when the same task is completed by many requests at once', async () => {
    const t = await buildTestApp();
    const { follow, auth, user } = await setUp(t);
    const results = await Promise.all(Array.from({ length: 8 }, () => complete(t, follow.id, auth)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.availableEntries).toBe(15 + 25);
  });

  it('lets a repeatable task be done again only after its interval', async () => {
    const t = await buildTestApp();
    const { daily, auth } = await setUp(t);
    expect((await complete(t, daily.id, auth)).statusCode).toBe(200);
    const early = await complete(t, daily.id, auth);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      error: 'You can do this task again later',
      availableAt: expect.any(String),
    });
    t.clock.advance(24 * 3_600_000);
    expect((await complete(t, daily.id, auth)).statusCode).toBe(200);
  });

  it('answers 404 for unknown tasks and 400 for bad bodies and the referral task', async () => {
    const t = await buildTestApp();
    const { follow, referral, auth } = await setUp(t);
    expect((await complete(t, 'nope', auth)).statusCode).toBe(404);
    expect((await complete(t, '00000000-0000-4000-8000-000000000000', auth)).json().error).toBe(
      'Task not found',
    );
    expect((await complete(t, follow.id, auth, { ticket: 5 })).statusCode).toBe(400);
    expect((await complete(t, follow.id, auth, { reward: 1000 })).statusCode).toBe(400);
    expect((await complete(t, referral.id, auth)).statusCode).toBe(400);
  });
});

describe(named(usersApi.dashboard), () => {
  it('counts tasks, ads watched, referrals and active prize entries from the records, with recent activity', async () => {
    const t = await buildTestApp();
    const { follow, video, auth } = await setUp(t);
    await complete(t, follow.id, auth);
    const { ticket } = (await start(t, video.id, auth)).data();
    t.clock.advance(30_000);
    await complete(t, video.id, auth, { ticket });

    const res = await inject(t, usersApi.dashboard, { headers: auth });
    const { stats, recentActivity } = res.data();
    expect(stats).toEqual({
      totalEntries: 17 + 25,
      availableEntries: 17 + 25,
      activePrizeEntries: 0,
      tasksCompleted: 2,
      adsWatched: 1,
      referralsMade: 0,
    });
    // From the ledger, newest first: the task's own title after what it was; the factory's opening balance last.
    expect(recentActivity.map((a) => [a.task.title, a.entriesAwarded, a.completedAt])).toEqual([
      ['Video ad watched: Watch', 2, t.clock.now().toISOString()],
      ['Achievement unlocked: Getting started', 25, new Date(t.clock.now().getTime() - 30_000).toISOString()],
      ['Task completed: Follow us', 5, new Date(t.clock.now().getTime() - 30_000).toISOString()],
      ['Balance correction', 10, new Date(t.clock.now().getTime() - 30_000).toISOString()],
    ]);
    expect((await inject(t, usersApi.dashboard)).statusCode).toBe(401);
  });
});
