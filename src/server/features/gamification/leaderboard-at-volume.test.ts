import { desc, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../tests/helpers/app';
import { entryTotals } from '../../db/schema';
import { position } from './leaderboard';
import { betweenStatement, markQuery, topOf, totalOf } from './leaderboard-repository';
import { RankMarks } from './rank-marks';

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
