import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject, named } from '../../../../tests/helpers/inject';
import { prizesApi } from '../../../contract/prizes-api';
import { wins } from '../../db/schema';
import { enter } from './test-setup';

describe(named(prizesApi.list), () => {
  it('lists open prizes in pounds with the commitment, never the seed, and the caller’s own entries', async () => {
    const t = await buildTestApp();
    const now = t.clock.now();
    const open = await createPrize(t.db, now, { valuePence: 479_99, featured: true });
    await createPrize(t.db, now, { status: 'draft' });
    await createPrize(t.db, now, { status: 'cancelled' });
    const user = await createUser(t.db, { entries: 10 });
    const auth = await authHeader(t.db, user.id);
    expect((await enter(t, open.id, auth, { entries: 3 })).statusCode).toBe(200);

    const visitor = (await inject(t, prizesApi.list)).data();
    expect(visitor.prizes).toHaveLength(1);
    expect(visitor.prizes[0]).toMatchObject({
      _id: open.id,
      value: 479.99,
      status: 'active',
      totalEntries: 3,
      participantCount: 1,
      commitment: open.commitment,
    });
    expect(JSON.stringify(visitor)).not.toContain(open.seed!);

    // The list is the same for everyone; a member's own holding is a call of its own.
    const member = (await inject(t, prizesApi.list, { headers: auth })).data();
    expect(member).toEqual(visitor);
    expect(visitor.prizes[0]).not.toHaveProperty('userEntries');
    const mine = (id: string, headers: Record<string, string> = auth) =>
      inject(t, prizesApi.myEntries, { params: { id }, headers });
    expect((await mine(open.id)).data()).toEqual({ userEntries: 3 });
    expect((await mine(open.id, {})).statusCode).toBe(401);
    const other = await authHeader(t.db, (await createUser(t.db)).id);
    expect((await mine(open.id, other)).data()).toEqual({ userEntries: 0 });
    expect((await mine('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // A stale token on a public read changes nothing.
    const stale = await inject(t, prizesApi.list, { headers: { authorization: `Bearer ${'x'.repeat(43)}` } });
    expect(stale.statusCode).toBe(200);
  });

  it('answers 404 "Prize not found" for unknown, malformed and draft ids', async () => {
    const t = await buildTestApp();
    const draft = await createPrize(t.db, t.clock.now(), { status: 'draft' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1", draft.id]) {
      const res = await inject(t, prizesApi.prize, { params: { id } });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toBe('Prize not found');
    }
  });
});

describe('winners lists', () => {
  it('show masked names, never emails, newest first', async () => {
    const t = await buildTestApp();
    const prize = await createPrize(t.db, t.clock.now(), {
      title: 'PlayStation 5',
      valuePence: 479_99,
      status: 'drawn',
    });
    const alice = await createUser(t.db, { username: 'Alexandra' });
    const bo = await createUser(t.db, { username: 'Bo' });
    await t.db.insert(wins).values([
      {
        prizeId: prize.id,
        userId: alice.id,
        pid: 'a1',
        position: 1,
        drawnAt: new Date('2026-11-20T20:00:00Z'),
      },
      { prizeId: prize.id, userId: bo.id, pid: 'b2', position: 2, drawnAt: new Date('2026-11-20T20:00:00Z') },
    ]);
    const recent = (await inject(t, prizesApi.recentWinners)).data();
    expect(recent.winners).toEqual([
      {
        username: 'A****a',
        prizeTitle: 'PlayStation 5',
        prizeValue: 479.99,
        wonAt: '2026-11-20T20:00:00.000Z',
      },
      { username: 'Bo', prizeTitle: 'PlayStation 5', prizeValue: 479.99, wonAt: '2026-11-20T20:00:00.000Z' },
    ]);
    const all = await inject(t, prizesApi.winners);
    expect(all.data().winners[0]).toEqual({
      name: 'A****a',
      prize: 'PlayStation 5',
      date: '2026-11-20T20:00:00.000Z',
      prizeValue: 479.99,
      prizeId: prize.id,
    });
    expect(all.body).not.toContain('@');
  });

  it('show who holds each place now, never a winner who was disqualified or forfeited', async () => {
    const t = await buildTestApp();
    const prize = await createPrize(t.db, t.clock.now(), { title: 'iPhone', status: 'drawn' });
    const [cheat, heir] = [
      await createUser(t.db, { username: 'Cheat' }),
      await createUser(t.db, { username: 'Heir' }),
    ];
    const at = new Date('2026-11-20T20:00:00Z');
    await t.db.insert(wins).values([
      {
        prizeId: prize.id,
        userId: cheat.id,
        pid: 'c1',
        position: 1,
        drawnAt: at,
        forfeitedAt: at,
        forfeitReason: 'disqualified',
      },
      {
        prizeId: prize.id,
        userId: heir.id,
        pid: 'h2',
        position: 1,
        drawnAt: new Date(at.getTime() + 60_000),
      },
    ]);
    expect((await inject(t, prizesApi.recentWinners)).data().winners.map((w) => w.username)).toEqual([
      'H**r',
    ]);
    expect((await inject(t, prizesApi.winners)).data().winners.map((w) => w.name)).toEqual(['H**r']);
  });

  it('page every winner, each once, newest draw first and each draw in place order, and refuse a made-up page link', async () => {
    const t = await buildTestApp();
    const people = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createUser(t.db, { username: `Winner ${i}` })),
    );
    const rows = [];
    // Eleven prizes drawn at only six moments, five places each: a page can end inside a draw, or between two at once.
    for (let p = 0; p < 11; p++) {
      const prize = await createPrize(t.db, t.clock.now(), { title: `Prize ${p}`, status: 'drawn' });
      const drawnAt = new Date(Date.UTC(2026, 10, 1 + Math.floor(p / 2)));
      for (let place = 1; place <= 5; place++)
        rows.push({
          prizeId: prize.id,
          userId: people[place]!.id,
          pid: `${p}-${place}`,
          position: place,
          drawnAt,
        });
    }
    await t.db.insert(wins).values(rows);
    const seen: Array<{ date: string; prizeId: string }> = [];
    let cursor: string | undefined;
    do {
      const page = (await inject(t, prizesApi.winners, { query: { cursor } })).data();
      seen.push(...page.winners);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(rows.length);
    expect(new Set(seen.map((w) => `${w.prizeId} ${w.date} ${JSON.stringify(w)}`)).size).toBe(rows.length);
    const dates = seen.map((w) => w.date);
    expect(dates).toEqual([...dates].sort().reverse());

    const bad = await inject(t, prizesApi.winners, { query: { cursor: 'bm90LWEta2V5' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('bad_cursor');
  });
});
