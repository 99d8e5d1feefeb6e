import { and, asc, desc, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import type { LeaderboardPeriod } from '../../../contract/gamification-rules';
import type { Db, Executor } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { entryTotals, leaderboardPayouts, rankMarkBuilds, rankMarks, streaks, users } from '../../db/schema';

// The leaderboards' SQL: a period's top, a member's place in it, and the weekly prizes paid.

const inPeriod = (period: LeaderboardPeriod, periodStart: string) =>
  and(eq(entryTotals.period, period), eq(entryTotals.periodStart, periodStart))!;
/** Most entries first, then whoever got there first, then the lower id: entry_totals_rank_idx's order. */
const rankOrder = [desc(entryTotals.entries), asc(entryTotals.updatedAt), asc(entryTotals.userId)];

/** The top of a period, in rank order: most entries first, and on a tie whoever got there first. */
export function topOf(db: Executor, period: LeaderboardPeriod, periodStart: string, limit: number) {
  return db
    .select({
      userId: entryTotals.userId,
      entries: entryTotals.entries,
      username: users.username,
      experience: users.experience,
      streak: sql<number>`coalesce(${streaks.current}, 0)`.mapWith(Number),
      streakLastDay: streaks.lastDay,
      achievementCount: sql<number>`(select count(*) from user_achievements ua
        where ua.user_id = "entry_totals"."user_id")`.mapWith(Number),
    })
    .from(entryTotals)
    .innerJoin(users, eq(users.id, entryTotals.userId))
    .leftJoin(streaks, eq(streaks.userId, entryTotals.userId))
    .where(and(inPeriod(period, periodStart), gt(entryTotals.entries, 0)))
    .orderBy(...rankOrder)
    .limit(limit);
}

/**
 * A member's place in a period, in one statement of one fixed shape, built and
 * prepared once: every position lookup sends it. It reads the member's total,
 * the nearest rank mark ahead of it (rank-marks.ts), and counts those between
 * the two: each count is a range of the rank index, so the cost is the number
 * counted, at most about a mark's spacing, not the place. The conditions on
 * the two keys alone switch off the counts that do not apply, as one-time filters.
 * No row: the member has no entries in the period.
 */
export const positionStatement = preparedOnce((db) => {
  const e = entryTotals.entries;
  const timeAndId = sql`(${entryTotals.updatedAt}, ${entryTotals.userId})`;
  // k: the member's key (te, ta, ti) and the mark's (fe, fa, fi; null when none is ahead).
  const ranges = [
    // Tied with the mark, behind it: when the member has fewer entries.
    sql`k.fe <> k.te and ${e} = k.fe and ${timeAndId} > (k.fa, k.fi)`,
    // Strictly between their totals.
    sql`${e} < coalesce(k.fe, 2147483647) and ${e} > k.te`,
    // Tied with the member, ahead of them: when the mark has more entries, or there is none.
    sql`(k.fe is null or k.fe <> k.te) and ${e} = k.te and ${timeAndId} < (k.ta, k.ti)`,
    // Both tied: between the two.
    sql`k.fe = k.te and ${e} = k.te and ${timeAndId} > (k.fa, k.fi) and ${timeAndId} < (k.ta, k.ti)`,
  ];
  const counts = ranges.map(
    (range) => sql`(select count(*) from ${entryTotals}
       where ${entryTotals.period} = k.period and ${entryTotals.periodStart} = k.ps and ${range})`,
  );
  const m = rankMarks;
  // The nearest mark ahead: with more entries (the fewest such), or as many and reached earlier.
  const nearest = (
    ahead: SQL,
    order: SQL,
  ) => sql`(select ${m.place}, ${m.entries}, ${m.updatedAt}, ${m.userId} from ${m}
      where ${m.period} = me.period and ${m.periodStart} = me.ps and ${ahead}
      order by ${order} limit 1)`;
  const k = sql`(select me.*, mark.place, mark.fe, mark.fa, mark.fi
      from (select ${entryTotals.period} period, ${entryTotals.periodStart} ps, ${e} te,
                   ${entryTotals.updatedAt} ta, ${entryTotals.userId} ti
              from ${entryTotals}
             where ${entryTotals.period} = ${sql.placeholder('period')}::leaderboard_period
               and ${entryTotals.periodStart} = ${sql.placeholder('periodStart')}::date
               and ${entryTotals.userId} = ${sql.placeholder('userId')}::uuid and ${e} > 0) me
      left join lateral (
        select near.place, near.entries fe, near.updated_at fa, near.user_id fi from (
          ${nearest(sql`${m.entries} > me.te`, sql`${m.entries}, ${m.updatedAt} desc, ${m.userId} desc`)}
          union all
          ${nearest(
            sql`${m.entries} = me.te and (${m.updatedAt}, ${m.userId}) < (me.ta, me.ti)`,
            sql`${m.updatedAt} desc, ${m.userId} desc`,
          )}
        ) near order by near.place desc limit 1) mark on true) k`;
  return db
    .select({
      entries: sql<number>`k.te`.mapWith(Number),
      position: sql<number>`coalesce(k.place, 0) + ${sql.join(counts, sql` + `)} + 1`.mapWith(Number),
    })
    .from(k)
    .prepare('rank_position');
});

export async function positionOf(
  db: Executor,
  period: LeaderboardPeriod,
  periodStart: string,
  userId: string,
): Promise<{ entries: number; position: number } | undefined> {
  const [row] = await positionStatement(db).execute({ period, periodStart, userId });
  return row;
}

/** How long ago the period's marks were built, in ms; null when they never were. */
export async function marksAge(db: Executor, period: LeaderboardPeriod, periodStart: string) {
  const [row] = await db
    .select({ ms: sql<number | null>`extract(epoch from now() - ${rankMarkBuilds.builtAt}) * 1000` })
    .from(rankMarkBuilds)
    .where(and(eq(rankMarkBuilds.period, period), eq(rankMarkBuilds.periodStart, periodStart)));
  return row?.ms == null ? null : Number(row.ms);
}

/**
 * Every `every`-th place of the period, in one statement: each mark is found
 * from the one before by stepping `every` rows along the rank index (among
 * those tied with it first, then those with fewer entries), so the period
 * is read in index order, a run of ties at most twice, with nothing sorted or numbered.
 */
export const marksOf = (period: LeaderboardPeriod, periodStart: string, every: number) => {
  const e = entryTotals;
  const step = sql.raw(String(every));
  const here = sql`${e.period} = ${period}::leaderboard_period and ${e.periodStart} = ${periodStart}::date`;
  const key = sql`${e.entries}, ${e.updatedAt}, ${e.userId}`;
  const order = sql.join(rankOrder, sql`, `);
  const tiedBehind = sql`${here} and ${e.entries} = m.entries and (${e.updatedAt}, ${e.userId}) > (m.updated_at, m.user_id)`;
  // Exactly one of the two steps applies, by how many of the tied are left: neither relies on the other's order.
  return sql`with recursive marks (n, entries, updated_at, user_id) as (
      (select 1, ${key} from ${e} where ${here} and ${e.entries} > 0 order by ${order} offset ${step} - 1 limit 1)
      union all
      (select m.n + 1, next.entries, next.updated_at, next.user_id from marks m
        cross join lateral (select count(*)::int n from (select from ${e} where ${tiedBehind} limit ${step}) t) tied
        cross join lateral (
          (select ${key} from ${e} where tied.n = ${step} and ${tiedBehind}
            order by ${order} offset ${step} - 1 limit 1)
          union all
          (select ${key} from ${e} where tied.n < ${step} and ${here} and ${e.entries} < m.entries and ${e.entries} > 0
            order by ${order} offset greatest(${step} - 1 - tied.n, 0) limit 1)
        ) next))
    select ${period}::leaderboard_period, ${periodStart}::date, n * ${step}, entries, updated_at, user_id from marks`;
};

/**
 * Marks every `every`-th place of the period afresh, by one INSERT … SELECT
 * along the rank index, unless they were built less than `staleMs` ago or
 * another instance is building them now (its row is locked: this one skips
 * rather than waits). The period's earlier marks go; lookups read the old set
 * until this one commits. True when it built.
 */
export async function rebuildMarks(
  db: Db,
  period: LeaderboardPeriod,
  periodStart: string,
  every: number,
  staleMs: number,
): Promise<boolean> {
  await db.insert(rankMarkBuilds).values({ period, periodStart, builtAt: null }).onConflictDoNothing();
  return db.transaction(async (tx) => {
    const build = and(eq(rankMarkBuilds.period, period), eq(rankMarkBuilds.periodStart, periodStart));
    const [due] = await tx
      .select({ period: rankMarkBuilds.period })
      .from(rankMarkBuilds)
      .where(
        and(
          build,
          sql`(${rankMarkBuilds.builtAt} is null or ${rankMarkBuilds.builtAt} <= now() - ${staleMs} * interval '1 millisecond')`,
        ),
      )
      .for('update', { skipLocked: true });
    if (!due) return false;
    await tx.delete(rankMarks).where(eq(rankMarks.period, period));
    await tx
      .delete(rankMarkBuilds)
      .where(and(eq(rankMarkBuilds.period, period), ne(rankMarkBuilds.periodStart, periodStart)));
    await tx.execute(sql`
      insert into ${rankMarks} (period, period_start, place, entries, updated_at, user_id)
      ${marksOf(period, periodStart, every)}`);
    await tx.update(rankMarkBuilds).set({ builtAt: sql`now()` }).where(build);
    return true;
  });
}

/** Records a weekly prize once per place; false when that place was already paid. */
export async function insertPayout(db: Executor, values: typeof leaderboardPayouts.$inferInsert) {
  const rows = await db
    .insert(leaderboardPayouts)
    .values(values)
    .onConflictDoNothing()
    .returning({ rank: leaderboardPayouts.rank });
  return rows.length > 0;
}

/** Takes a member off every leaderboard: they became staff, who never play (DESIGN §12). */
export async function leaveLeaderboards(db: Executor, userId: string) {
  await db.delete(entryTotals).where(eq(entryTotals.userId, userId));
}
