import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { cashApi } from '../../../contract/cash';
import { gamificationApi } from '../../../contract/gamification';
import type { LeaderboardPeriod } from '../../../contract/gamification-rules';
import { prizesApi } from '../../../contract/prizes';
import { auditLog, entryTotals, leaderboardPayouts, users } from '../../db/schema';
import { credit } from '../../lib/ledger';
import { payWeeklyPrizes, position } from './leaderboard';
import { RankMarks } from './rank-marks';
import { betweenStatement, markQuery, topOf, totalOf } from './repository';

let n = 0;
const earn = (t: TestApp, userId: string, amount: number, at: string) =>
  credit(t.db, {
    userId,
    amount,
    reason: 'admin_adjustment',
    idempotencyKey: `earn:${n++}`,
    at: new Date(at),
  });

const board = async (t: TestApp, period?: LeaderboardPeriod) =>
  (await inject(t, gamificationApi.leaderboard, { query: { period } })).data();

describe('leaderboards', () => {
  it('rank entries earned in the London week (Monday to Sunday), the month and all time', async () => {
    const t = await buildTestApp();
    const ann = await createUser(t.db, { username: 'Annabel' });
    const bob = await createUser(t.db, { username: 'Roberto' });
    // Sunday 29 November 2026, 23:30 GMT: the end of one week. Monday 00:30: the start of the next.
    await earn(t, ann.id, 50, '2026-11-29T23:30:00Z');
    await earn(t, bob.id, 30, '2026-11-30T00:30:00Z');
    await earn(t, bob.id, 5, '2026-12-01T09:00:00Z');

    t.clock.set('2026-12-02T12:00:00Z');
    expect((await board(t)).period).toBe('weekly');
    expect((await board(t, 'weekly')).leaderboard).toEqual([
      { rank: 1, username: 'R****o', level: 2, streak: 0, achievementCount: 0, totalEntries: 35 },
    ]);
    // December began on Tuesday: Bob's Monday entries count for November.
    expect((await board(t, 'monthly')).leaderboard.map((r) => r.totalEntries)).toEqual([5]);
    expect((await board(t, 'alltime')).leaderboard.map((r) => [r.username, r.totalEntries])).toEqual([
      ['A****l', 50],
      ['R****o', 35],
    ]);
  });

  it('put whoever got there first ahead on a tie, show at most 100, and refuse any other period', async () => {
    const t = await buildTestApp();
    const people = [];
    for (let i = 0; i < 102; i++) people.push(await createUser(t.db, { username: `Player ${i}` }));
    for (const [i, p] of people.entries())
      await earn(t, p.id, 10, new Date(Date.parse('2026-11-20T10:00:00Z') + i * 1000).toISOString());
    const { leaderboard } = await board(t, 'alltime');
    expect(leaderboard).toHaveLength(100);
    expect(leaderboard[0]).toMatchObject({ rank: 1, username: 'P****0' });
    expect(leaderboard[99]).toMatchObject({ rank: 100, totalEntries: 10 });
    for (const period of ['daily', 'WEEKLY', '', 'alltime;drop']) {
      const res = period
        ? await inject(t, gamificationApi.leaderboard, { query: { period: period as never } })
        : // An empty value is left out of a URL built from the definition: sent here as it is.
          await t.app.inject('/api/gamification/leaderboard?period=');
      expect(res.statusCode, period).toBe(400);
      expect(res.json().error).toBe('period must be weekly, monthly or alltime (querystring)');
    }
  });

  it('give a member their own position, and none before they have earned in the period', async () => {
    const t = await buildTestApp();
    const me = await createUser(t.db);
    const rivals = [await createUser(t.db), await createUser(t.db)];
    const headers = await authHeader(t.db, me.id);
    const position = async (period: LeaderboardPeriod = 'weekly') =>
      (await inject(t, gamificationApi.position, { query: { period }, headers })).data().position;
    expect(await position()).toEqual({ position: null, totalEntries: 0, level: 1 });
    await earn(t, rivals[0]!.id, 100, '2026-11-20T09:00:00Z');
    await earn(t, me.id, 40, '2026-11-20T10:00:00Z');
    await earn(t, rivals[1]!.id, 40, '2026-11-20T11:00:00Z');
    expect(await position()).toEqual({ position: 2, totalEntries: 40, level: 2 });
    expect((await inject(t, gamificationApi.position)).statusCode).toBe(401);
  });

  it('keep a position per session for seconds, only for the token checked for it, until a write', async () => {
    const t = await buildTestApp({ publicCacheMs: 60_000 });
    const me = await createUser(t.db);
    const rival = await createUser(t.db);
    const headers = await authHeader(t.db, me.id);
    const position = (headers?: Record<string, string>) =>
      inject(t, gamificationApi.position, { query: { period: 'weekly' }, headers });
    await earn(t, me.id, 40, '2026-11-20T10:00:00Z');
    const first = await position(headers);
    expect(first.data().position).toMatchObject({ position: 1, totalEntries: 40 });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    // Kept: a rival passing behind the app's back is not seen yet.
    await earn(t, rival.id, 100, '2026-11-20T11:00:00Z');
    expect((await position(headers)).data().position.position).toBe(1);
    // Another token, or none, is checked afresh and refused.
    expect((await position({ authorization: `Bearer ${'x'.repeat(43)}` })).statusCode).toBe(401);
    expect((await position()).statusCode).toBe(401);
    // Signing out is a write: the kept answer goes, and the token is refused.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode,
    ).toBeLessThan(300);
    expect((await position(headers)).statusCode).toBe(401);
    const fresh = await authHeader(t.db, me.id);
    expect((await position(fresh)).data().position.position).toBe(2);
  });

  it('count entries earned, not refunds, and keep every total equal to the earned credits in its period', async () => {
    const t = await buildTestApp();
    const people = await Promise.all(Array.from({ length: 4 }, () => createUser(t.db, { entries: 40 })));
    const prize = await createPrize(t.db, t.clock.now());
    const admin = await authHeader(t.db, (await createUser(t.db, { isAdmin: true })).id);
    // Credits, entries and a cancellation's refunds, all at once.
    await Promise.all([
      ...people.flatMap((p, i) =>
        Array.from({ length: 10 }, (_, j) => earn(t, p.id, i + j + 1, '2026-11-20T12:00:00Z')),
      ),
      ...(await Promise.all(people.map((p) => authHeader(t.db, p.id)))).map((headers) =>
        inject(t, prizesApi.enter, { params: { id: prize.id }, headers, body: { entries: 3 } }),
      ),
    ]);
    await inject(t, prizesApi.cancel, {
      params: { id: prize.id },
      headers: admin,
      body: { reason: 'The supplier cannot deliver it' },
    });

    const mismatches = await t.db.execute(sql`
      with earned as (
        select user_id, sum(amount)::int as n from ledger_entries
        where account = 'entries' and amount > 0 and reason <> 'prize_cancelled_refund'
        group by user_id)
      select u.id from users u left join earned e on e.user_id = u.id
      left join entry_totals w on w.user_id = u.id and w.period = 'weekly' and w.period_start = '2026-11-16'
      left join entry_totals a on a.user_id = u.id and a.period = 'alltime'
      where coalesce(e.n, 0) <> coalesce(w.entries, 0) or coalesce(e.n, 0) <> coalesce(a.entries, 0)
         or coalesce(e.n, 0) <> u.total_entries`);
    expect((mismatches as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('the weekly leaderboard prizes', () => {
  it('pay last week’s top 10 £20, £15, £10 and £5 each to 4th–10th, once, even when run twice at once', async () => {
    const t = await buildTestApp();
    const people = [];
    for (let i = 0; i < 12; i++) people.push(await createUser(t.db));
    // Week of Monday 16 November: person i earns 100 − i, so person 0 is first.
    for (const [i, p] of people.entries()) await earn(t, p.id, 100 - i, '2026-11-18T12:00:00Z');
    // This week's entries do not count for last week's prizes.
    await earn(t, people[11]!.id, 1000, '2026-11-23T00:01:00Z');

    t.clock.set('2026-11-23T00:05:00Z'); // Monday 00:05 in London
    const runs = await Promise.all([payWeeklyPrizes(t.db, t.clock), payWeeklyPrizes(t.db, t.clock)]);
    expect(runs.map((r) => r.paid).sort()).toEqual([0, 10]);
    // An admin may run it again by hand: for admins only, and it pays nobody twice.
    const trigger = (headers: Record<string, string>) =>
      inject(t, gamificationApi.triggerWeeklyPayout, { headers });
    expect((await trigger({})).statusCode).toBe(401);
    expect((await trigger(await authHeader(t.db, people[0]!.id))).statusCode).toBe(403);
    const adminUser = await createUser(t.db, { isAdmin: true });
    const admin = await authHeader(t.db, adminUser.id);
    expect((await trigger(admin)).data().message).toBe(
      'Weekly payout complete: 0 paid for the week from 2026-11-16',
    );
    // The admin's run is in the audit log under their name; the scheduled runs under none.
    const audit = await t.db
      .select({ actorId: auditLog.actorId, summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.action, 'payouts.weekly'))
      .orderBy(auditLog.id);
    const week = 'Paid the weekly leaderboard prizes for the week from 2026-11-16';
    expect(
      audit
        .slice(0, 2)
        .map((a) => [a.actorId, a.summary])
        .sort(),
    ).toEqual([
      [null, `${week}: 0 paid`],
      [null, `${week}: 10 paid`],
    ]);
    expect(audit[2]).toEqual({ actorId: adminUser.id, summary: `${week}: 0 paid` });

    const cash = await Promise.all(
      people.map(async (p) => (await t.db.select().from(users).where(eq(users.id, p.id)))[0]!.cashPence),
    );
    expect(cash).toEqual([2000, 1500, 1000, 500, 500, 500, 500, 500, 500, 500, 0, 0]);
    const payouts = await t.db.select().from(leaderboardPayouts).orderBy(leaderboardPayouts.rank);
    expect(payouts.map((p) => [p.weekStart, p.rank, p.entries])).toEqual(
      Array.from({ length: 10 }, (_, i) => ['2026-11-16', i + 1, 100 - i]),
    );

    const history = (
      await inject(t, cashApi.cash, { headers: await authHeader(t.db, people[0]!.id) })
    ).data();
    expect(history).toMatchObject({ cash: 20, history: [{ amount: 20, reason: 'leaderboard_prize' }] });
  });

  it('is scheduled for Monday 00:05 UK time and pays nobody for an empty week', async () => {
    const t = await buildTestApp();
    t.clock.set('2026-11-23T00:05:00Z');
    expect(await payWeeklyPrizes(t.db, t.clock)).toEqual({ weekStart: '2026-11-16', paid: 0 });
  });
});

describe('the leaderboard at volume', () => {
  it('reads the top 100, and a position at any depth, from short ranges of the rank index', async () => {
    const t = await buildTestApp();
    const people = 20_000;
    // Users and their weekly totals in bulk, as a busy week would leave them.
    await t.db.execute(sql`
      insert into users (id, username, email, referral_code)
      select gen_random_uuid(), 'P' || g, 'p' || g || '@example.com', 'R' || g from generate_series(1, ${people}) g`);
    await t.db.execute(sql`
      insert into entry_totals (period, period_start, user_id, entries, updated_at)
      select 'weekly', '2026-11-16', id, (random() * 5000)::int + 1, now() - random() * interval '5 days' from users`);
    await t.db.execute(sql`analyze entry_totals`);
    // A member in the top 100: counting those above reads a short range of the index. (Far down the
    // board that count reads most of the period, and a scan is then the right plan.)
    const [me] = await t.db
      .select()
      .from(entryTotals)
      .orderBy(desc(entryTotals.entries))
      .offset(12_345)
      .limit(1);
    const mine = (await totalOf(t.db, 'weekly', '2026-11-16', me!.userId))!;
    const plan = async (query: { getSQL(): SQL }) =>
      JSON.stringify(
        ((await t.db.execute(sql`explain ${query.getSQL()}`)) as unknown as { rows: unknown[] }).rows,
      );

    const top = await plan(topOf(t.db, 'weekly', '2026-11-16', 100));
    expect(top).toContain('entry_totals_rank_idx');
    expect(top).not.toMatch(/Seq Scan on entry_totals|Sort Key: entry_totals/);
    // A position far down the board: the next mark is a short read from the last, and the count
    // from the mark ahead reads only the rows between, whatever the place.
    const mark = { ...mine, entries: mine.entries + 3 };
    const markPlan = await plan(markQuery(t.db, 'weekly', '2026-11-16', mark, 500));
    expect(markPlan).toContain('entry_totals_rank_idx');
    expect(markPlan).not.toContain('Seq Scan on entry_totals');
    // The count is one prepared statement for every lookup: the plan kept for any keys reads only
    // ranges of the index. One transaction, so one connection, holds the statement and the setting.
    const keys = (k: { entries: number; updatedAt: string; userId: string }) => [
      k.entries,
      k.updatedAt,
      k.userId,
    ];
    const values = ['weekly', '2026-11-16'].concat(...[keys(mark), keys(mine)].map((k) => k.map(String)));
    const between = await t.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare between_test as ${betweenStatement(t.db).getQuery().sql}`));
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const rows = await tx.execute(
        sql.raw(`explain execute between_test(${values.map((v) => `'${v}'`).join(', ')})`),
      );
      await tx.execute(sql`deallocate between_test`);
      return JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
    });
    expect(between).toContain('entry_totals_rank_idx');
    expect(between).not.toContain('Seq Scan on entry_totals');
  });

  it('count a position from the marks exactly as the full ranking places it, ties and all', async () => {
    const t = await buildTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
    // Few totals and few times, so most members tie on entries and many on the very microsecond too.
    await t.db.execute(sql`
      insert into users (id, username, email, referral_code)
      select gen_random_uuid(), 'P' || g, 'p' || g || '@example.com', 'R' || g from generate_series(1, 400) g`);
    await t.db.execute(sql`
      insert into entry_totals (period, period_start, user_id, entries, updated_at)
      select 'weekly', '2026-11-16', id, 1 + (row_number() over (order by id)) % 9,
             timestamptz '2026-11-17 10:00:00.000001+00' + ((row_number() over (order by id)) % 4) * interval '1 microsecond'
        from users`);
    const ranking = (await topOf(t.db, 'weekly', '2026-11-16', 1_000)).map((r) => r.userId);
    expect(ranking).toHaveLength(400);
    const marks = new RankMarks(7);
    for (const place of [1, 2, 6, 7, 8, 13, 14, 15, 100, 203, 399, 400]) {
      const userId = ranking[place - 1]!;
      const answer = await position(t.db, t.clock, marks, { id: userId, totalEntries: 0 }, 'weekly');
      expect(answer.position, `place ${place}`).toBe(place);
    }
    expect((await marks.keysFor(t.db, 'weekly', '2026-11-16')).length).toBe(Math.floor(400 / 7));
  });
});
