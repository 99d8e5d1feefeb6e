import { desc, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../tests/helpers/app';
import { MINUTE_MS } from '../../../contract/constants';
import { entryTotals, rankMarks } from '../../db/schema';
import { position } from './leaderboard';
import { marksOf, positionStatement, rebuildMarks, topOf } from './leaderboard-repository';
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
    const plan = async (query: SQL) =>
      JSON.stringify(((await t.db.execute(sql`explain ${query}`)) as unknown as { rows: unknown[] }).rows);

    const top = await plan(topOf(t.db, 'weekly', '2026-11-16', 100).getSQL());
    expect(top).toContain('entry_totals_rank_idx');
    expect(top).not.toMatch(/Seq Scan on entry_totals|Sort Key: entry_totals/);
    // The marks are one read of the period along the rank index, in its order: nothing sorted.
    const marks = await plan(marksOf('weekly', '2026-11-16', 500));
    expect(marks).toContain('entry_totals_rank_idx');
    expect(marks).not.toMatch(/Seq Scan on entry_totals|Sort/);
    // Marks close together, as many as a million members would have 500 apart.
    await rebuildMarks(t.db, 'weekly', '2026-11-16', 10, 0);
    await t.db.execute(sql`analyze rank_marks`);
    // The position is one prepared statement for every lookup: the plan kept for any member reads
    // the nearest mark and only ranges of the rank index. One transaction, so one connection,
    // holds the statement and the setting.
    const positioned = await t.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare position_test as ${positionStatement(t.db).getQuery().sql}`));
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const rows = await tx.execute(
        sql.raw(`explain execute position_test('weekly', '2026-11-16', '${me!.userId}')`),
      );
      await tx.execute(sql`deallocate position_test`);
      return JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
    });
    expect(positioned).toContain('entry_totals_rank_idx');
    expect(positioned).toContain('rank_marks_rank_idx');
    expect(positioned).not.toMatch(/Seq Scan on (entry_totals|rank_marks)/);
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
    const placeOf = async (place: number, by = marks) =>
      (await position(t.db, t.clock, by, { id: ranking[place - 1]!, experience: 0 }, 'weekly')).position;
    const places = [1, 2, 6, 7, 8, 13, 14, 15, 100, 203, 399, 400];
    // A period never marked is counted from the top; the lookup leaves its marks being built.
    for (const place of places) expect(await placeOf(place), `place ${place}`).toBe(place);
    await marks.keepCurrent(t.db, 'weekly', '2026-11-16');
    const marked = await t.db.select().from(rankMarks).orderBy(rankMarks.place);
    expect(marked.map((m) => m.place)).toEqual(
      Array.from({ length: Math.floor(400 / 7) }, (_, i) => (i + 1) * 7),
    );
    expect(marked.map((m) => m.userId)).toEqual(marked.map((m) => ranking[m.place - 1]));

    // Another instance, or this one restarted, reads the same marks: fresh, so it builds none.
    expect(await rebuildMarks(t.db, 'weekly', '2026-11-16', 7, MINUTE_MS)).toBe(false);
    for (const place of places) expect(await placeOf(place, new RankMarks(7)), `place ${place}`).toBe(place);

    // Members move; until the marks are rebuilt, a position is counted from the marks before, and
    // once they are, every place is exact again.
    await t.db.execute(sql`update entry_totals set entries = entries + 5 where user_id in
      (select user_id from entry_totals order by entries, updated_at desc, user_id desc limit 30)`);
    const moved = (await topOf(t.db, 'weekly', '2026-11-16', 1_000)).map((r) => r.userId);
    expect(await rebuildMarks(t.db, 'weekly', '2026-11-16', 7, 0)).toBe(true);
    for (const place of places) {
      const answer = await position(t.db, t.clock, marks, { id: moved[place - 1]!, experience: 0 }, 'weekly');
      expect(answer.position, `place ${place} after the move`).toBe(place);
    }
  });

  it('builds a period’s marks once when instances ask together, none waiting on another', async () => {
    const t = await buildTestApp();
    await t.db.execute(sql`
      insert into users (id, username, email, referral_code)
      select gen_random_uuid(), 'P' || g, 'p' || g || '@example.com', 'R' || g from generate_series(1, 2000) g`);
    await t.db.execute(sql`
      insert into entry_totals (period, period_start, user_id, entries, updated_at)
      select 'alltime', '2020-01-01', id, (random() * 50)::int + 1, now() - random() * interval '5 days' from users`);
    const built = await Promise.all(
      Array.from({ length: 6 }, () => rebuildMarks(t.db, 'alltime', '2020-01-01', 100, MINUTE_MS)),
    );
    expect(built.filter(Boolean)).toHaveLength(1);
    expect(await t.db.$count(rankMarks)).toBe(20);
  });
});
