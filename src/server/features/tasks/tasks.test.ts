import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { type CreateTaskBody, tasksApi, type UpdateTaskBody } from '../../../contract/tasks';
import { usersApi } from '../../../contract/users';
import { ledgerEntries, tasks, users } from '../../db/schema';

async function setUp(t: TestApp) {
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

const complete = (t: TestApp, id: string, headers: Record<string, string>, body?: object) =>
  inject(t, tasksApi.complete, { params: { id }, headers, body: body as { ticket?: string } });
const start = (t: TestApp, id: string, headers: Record<string, string>) =>
  inject(t, tasksApi.start, { params: { id }, headers });

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

  it('pays a video only with its own ticket, after the full length, once', async () => {
    const t = await buildTestApp();
    const { video, follow, auth } = await setUp(t);
    expect((await complete(t, video.id, auth)).json().error).toBe(
      'Start the video before claiming its reward',
    );
    const started = await start(t, video.id, auth);
    expect(started.json()).toEqual({ ticket: expect.any(String), adDuration: 30 });
    const { ticket } = started.data();

    t.clock.advance(29_000);
    const early = await complete(t, video.id, auth, { ticket });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toBe('Watch the whole 30-second video before claiming');
    t.clock.advance(1_000);
    expect((await complete(t, video.id, auth, { ticket })).statusCode).toBe(200);
    expect((await complete(t, video.id, auth, { ticket })).json().error).toBe(
      'This video has already been claimed',
    );

    const other = await authHeader(t.db, (await createUser(t.db)).id);
    expect((await complete(t, video.id, other, { ticket })).json().error).toBe(
      'Start the video before claiming its reward',
    );
    expect((await start(t, follow.id, auth)).statusCode).toBe(400);
  });

  it('pays one video per video watched: tickets started together earn once', async () => {
    const t = await buildTestApp();
    const { video, auth, user } = await setUp(t);
    const startVideo = () => start(t, video.id, auth);
    const tickets = [];
    for (let i = 0; i < 5; i++) tickets.push((await startVideo()).data().ticket);
    t.clock.advance(31_000);
    const results = [];
    for (const ticket of tickets) results.push(await complete(t, video.id, auth, { ticket }));
    expect(results.map((r) => r.statusCode)).toEqual([200, 400, 400, 400, 400]);
    expect(results[1]!.json().error).toBe('Watch a new video to earn again');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.availableEntries).toBe(12 + 25);
    // A video started after the last claim pays again once watched.
    const { ticket } = (await startVideo()).data();
    t.clock.advance(30_000);
    expect((await complete(t, video.id, auth, { ticket })).statusCode).toBe(200);
  });

  it('lets a started video be claimed for an hour; after that it has expired', async () => {
    const t = await buildTestApp();
    const { video, auth } = await setUp(t);
    const { ticket } = (await start(t, video.id, auth)).data();
    t.clock.advance(3_600_000 + 1);
    const late = await complete(t, video.id, auth, { ticket });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      error: 'This video has expired. Watch it again to earn',
      code: 'ticket_expired',
    });
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

describe('admin task management', () => {
  const valid = {
    type: 'instagram_like',
    platform: 'instagram',
    title: 'Like our post',
    entriesReward: 3,
    verificationData: { postUrl: 'https://instagram.com/p/abc' },
  };

  it('creates, edits and disables tasks; a disabled task leaves the Tasks page and cannot be completed', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { isAdmin: true })).id);
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    const created = await inject(t, tasksApi.create, { headers: admin, body: valid as CreateTaskBody });
    expect(created.statusCode).toBe(201);
    const { task } = created.data();
    // The Task entity's own shape (SPEC §3), with the admin's active and sortOrder.
    expect(task).toEqual({
      _id: expect.any(String),
      ...valid,
      description: '',
      isRepeatable: false,
      repeatInterval: null,
      verificationData: { accountToFollow: null, postUrl: 'https://instagram.com/p/abc', adDuration: 30 },
      active: true,
      sortOrder: 0,
    });

    const put = (body: UpdateTaskBody) =>
      inject(t, tasksApi.update, { params: { id: task._id }, headers: admin, body });
    expect((await put({ entriesReward: 4 })).json().task.entriesReward).toBe(4);
    // A nested change touches only the fields it names.
    expect(
      (await put({ verificationData: { accountToFollow: '@us' } })).json().task.verificationData,
    ).toEqual({ accountToFollow: '@us', postUrl: 'https://instagram.com/p/abc', adDuration: 30 });
    const unchanged = await put({ verificationData: {} });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().task.verificationData.accountToFollow).toBe('@us');
    const repeatable = await put({ isRepeatable: true });
    expect(repeatable.statusCode).toBe(400);
    expect(repeatable.json().error).toBe('Repeatable tasks need a repeat interval');
    expect((await put({ isRepeatable: true, repeatInterval: 'daily' })).json().task.isRepeatable).toBe(true);
    expect((await put({ active: false })).json().task.active).toBe(false);
    const list = (await inject(t, tasksApi.list, { headers: member })).data().tasks;
    expect(list.map((x) => x._id)).not.toContain(task._id);
    expect((await complete(t, task._id, member)).statusCode).toBe(404);
    expect((await inject(t, tasksApi.adminList, { headers: admin })).data().tasks).toHaveLength(1);
  });

  it.each([
    ['an unknown type', { type: 'tiktok_dance' }],
    ['a zero reward', { entriesReward: 0 }],
    ['a plain-http post link', { verificationData: { postUrl: 'http://example.com' } }],
    ['a 2-second ad', { verificationData: { adDuration: 2 } }],
    ['an unknown field', { completed: true }],
    ['the old flat shape', { postUrl: 'https://instagram.com/p/abc' }],
    ['an unknown verification field', { verificationData: { hashtag: '#win' } }],
    ['a repeatable task with no interval', { isRepeatable: true }],
  ])('refuses %s with 400, and members with 403', async (_label, change) => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { isAdmin: true })).id);
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    const create = (headers: Record<string, string>, body: object) =>
      inject(t, tasksApi.create, { headers, body: body as never });
    expect((await create(admin, { ...valid, ...change })).statusCode).toBe(400);
    expect((await create(member, valid)).statusCode).toBe(403);
    expect(
      (
        await inject(t, tasksApi.update, {
          params: { id: 'nope' },
          headers: admin,
          body: { active: false },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/users/dashboard', () => {
  it('counts tasks, ads watched, referrals and active prize entries from the records, with recent activity', async () => {
    const t = await buildTestApp();
    const { follow, video, auth } = await setUp(t);
    await complete(t, follow.id, auth);
    const { ticket } = (await start(t, video.id, auth)).data();
    t.clock.advance(30_000);
    await complete(t, video.id, auth, { ticket });

    const res = await inject(t, usersApi.dashboard, { headers: auth });
    expect(res.json()).toEqual({
      stats: {
        totalEntries: 17 + 25,
        availableEntries: 17 + 25,
        activePrizeEntries: 0,
        tasksCompleted: 2,
        adsWatched: 1,
        referralsMade: 0,
      },
      recentActivity: [
        { task: { title: 'Watch' }, entriesAwarded: 2, completedAt: t.clock.now().toISOString() },
        {
          task: { title: 'Follow us' },
          entriesAwarded: 5,
          completedAt: new Date(t.clock.now().getTime() - 30_000).toISOString(),
        },
      ],
    });
    expect((await inject(t, usersApi.dashboard)).statusCode).toBe(401);
  });
});

describe('the daily ad limit', () => {
  it('pays 50 ads a UK day, refuses to start the 51st, and opens again at midnight', async () => {
    const t = await buildTestApp();
    const { video, auth } = await setUp(t);
    const startVideo = () => start(t, video.id, auth);
    for (let i = 0; i < 50; i++) {
      const { ticket } = (await startVideo()).data();
      t.clock.advance(30_000);
      expect((await complete(t, video.id, auth, { ticket })).statusCode, `ad ${i + 1}`).toBe(200);
    }
    const refused = await startVideo();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(
      'You have watched the 50 videos that earn entries today. Come back tomorrow for more!',
    );
    // Midnight UK time (the test day is in November: UTC).
    t.clock.set('2026-11-21T00:00:01Z');
    const { ticket } = (await startVideo()).data();
    t.clock.advance(30_000);
    expect((await complete(t, video.id, auth, { ticket })).statusCode).toBe(200);
  });
});
