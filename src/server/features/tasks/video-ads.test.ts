import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { users } from '../../db/schema';
import { complete, setUp, start } from './test-setup';

describe('tasks', () => {
  it('pays a video only with its own ticket, after the full length, once', async () => {
    const t = await buildTestApp();
    const { video, follow, auth } = await setUp(t);
    expect((await complete(t, video.id, auth)).json().error).toBe(
      'Start the video before claiming its reward',
    );
    const started = await start(t, video.id, auth);
    expect(started.json()).toEqual({ ticket: expect.any(String), adDuration: 30, network: false });
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
