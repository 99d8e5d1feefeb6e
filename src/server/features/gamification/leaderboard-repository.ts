import { and, asc, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { LeaderboardPeriod } from '../../../contract/gamification-rules';
import type { Executor } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { entryTotals, leaderboardPayouts, streaks, users } from '../../db/schema';

// The leaderboards' SQL: a period's top, a member's place in it, and the weekly prizes paid.

/** The top of a period, in rank order: most entries first, and on a tie whoever got there first. */
export function topOf(db: Executor, period: LeaderboardPeriod, periodStart: string, limit: number) {
  return db
    .select({
      userId: entryTotals.userId,
      entries: entryTotals.entries,
      username: users.username,
      entriesEarned: users.totalEntries,
      streak: sql<number>`coalesce(${streaks.current}, 0)`.mapWith(Number),
      streakLastDay: streaks.lastDay,
      achievementCount: sql<number>`(select count(*) from user_achievements ua
        where ua.user_id = "entry_totals"."user_id")`.mapWith(Number),
    })
    .from(entryTotals)
    .innerJoin(users, eq(users.id, entryTotals.userId))
    .leftJoin(streaks, eq(streaks.userId, entryTotals.userId))
    .where(
      and(
        eq(entryTotals.period, period),
        eq(entryTotals.periodStart, periodStart),
        gt(entryTotals.entries, 0),
      ),
    )
    .orderBy(desc(entryTotals.entries), asc(entryTotals.updatedAt), asc(entryTotals.userId))
    .limit(limit);
}

/**
 * A place in a period's ranking: most entries first, then whoever got there
 * first, then the lower id (the order topOf lists). The time is UTC text to
 * the microsecond, of fixed width, so a key read back compares exactly, in SQL
 * and as a string.
 */
export interface RankKey {
  entries: number;
  updatedAt: string;
  userId: string;
}

const rankKeyFields = {
  entries: entryTotals.entries,
  updatedAt:
    sql<string>`to_char(${entryTotals.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
      'updated_at_utc',
    ),
  userId: entryTotals.userId,
};

/** A member's place key in a period: every position lookup reads it, so it is built once (db/prepared.ts). */
const totalQuery = preparedOnce((db) =>
  db
    .select(rankKeyFields)
    .from(entryTotals)
    .where(
      and(
        eq(entryTotals.period, sql.placeholder('period')),
        eq(entryTotals.periodStart, sql.placeholder('periodStart')),
        eq(entryTotals.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('rank_key_of'),
);

export async function totalOf(
  db: Executor,
  period: LeaderboardPeriod,
  periodStart: string,
  userId: string,
): Promise<RankKey | undefined> {
  const [row] = await totalQuery(db).execute({ period, periodStart, userId });
  return row;
}

const inPeriod = (period: LeaderboardPeriod, periodStart: string) =>
  and(eq(entryTotals.period, period), eq(entryTotals.periodStart, periodStart))!;
const timeAndId = sql`(${entryTotals.updatedAt}, ${entryTotals.userId})`;
const timeAndIdOf = (k: RankKey) => sql`(${k.updatedAt}::timestamptz, ${k.userId}::uuid)`;
/** As many entries as `k`, reached after it: a range of the rank index. */
const tiedAfter = (k: RankKey) =>
  sql`${entryTotals.entries} = ${k.entries} and ${timeAndId} > ${timeAndIdOf(k)}`;
const rankOrder = [desc(entryTotals.entries), asc(entryTotals.updatedAt), asc(entryTotals.userId)] as const;

/**
 * How many rank strictly between `from` (null: the top) and `to`, in one
 * statement of one fixed shape, built and prepared once: every position lookup
 * sends it. Each count is a range of the rank index, so the cost is the number
 * counted, not the place; the conditions on the keys alone switch off the
 * counts that do not apply, as one-time filters.
 */
export const betweenStatement = preparedOnce((db) => {
  const e = entryTotals.entries;
  const ranges = [
    // Tied with `from`, behind it: when `to` has fewer entries.
    sql`k.fe <> k.te and ${e} = k.fe and ${timeAndId} > (k.fa, k.fi)`,
    // Strictly between their totals.
    sql`${e} < coalesce(k.fe, 2147483647) and ${e} > k.te`,
    // Tied with `to`, ahead of it: when `from` has more entries, or is the top.
    sql`(k.fe is null or k.fe <> k.te) and ${e} = k.te and ${timeAndId} < (k.ta, k.ti)`,
    // Both tied: between the two.
    sql`k.fe = k.te and ${e} = k.te and ${timeAndId} > (k.fa, k.fi) and ${timeAndId} < (k.ta, k.ti)`,
  ];
  const counts = ranges.map(
    (range) => sql`(select count(*) from ${entryTotals}
       where ${entryTotals.period} = k.period and ${entryTotals.periodStart} = k.ps and ${range})`,
  );
  // Each value once, named by the one-row k: a placeholder written twice would be sent twice.
  const keys = sql`(select ${sql.placeholder('period')}::leaderboard_period period, ${sql.placeholder('periodStart')}::date ps,
      ${sql.placeholder('fromEntries')}::int fe, ${sql.placeholder('fromAt')}::timestamptz fa, ${sql.placeholder('fromId')}::uuid fi,
      ${sql.placeholder('toEntries')}::int te, ${sql.placeholder('toAt')}::timestamptz ta, ${sql.placeholder('toId')}::uuid ti) k`;
  return db
    .select({ n: sql<number>`${sql.join(counts, sql` + `)}`.mapWith(Number) })
    .from(keys)
    .prepare('rank_count_between');
});

export async function countBetween(
  db: Executor,
  period: LeaderboardPeriod,
  periodStart: string,
  from: RankKey | null,
  to: RankKey,
) {
  const [row] = await betweenStatement(db).execute({
    period,
    periodStart,
    fromEntries: from?.entries ?? null,
    fromAt: from?.updatedAt ?? null,
    fromId: from?.userId ?? null,
    toEntries: to.entries,
    toAt: to.updatedAt,
    toId: to.userId,
  });
  return row?.n ?? 0;
}

/**
 * The key `every` places behind `from` (or the top): the next of the marks a
 * position is counted from. Two ranges of the rank index, at most `every` rows each.
 */
export function markQuery(
  db: Executor,
  period: LeaderboardPeriod,
  periodStart: string,
  from: RankKey | null,
  every: number,
) {
  const range = (where: SQL | undefined) =>
    db
      .select(rankKeyFields)
      .from(entryTotals)
      .where(and(inPeriod(period, periodStart), where))
      .orderBy(...rankOrder)
      .limit(every);
  const page = from
    ? unionAll(
        range(tiedAfter(from)),
        range(and(lt(entryTotals.entries, from.entries), gt(entryTotals.entries, 0))),
      )
    : range(gt(entryTotals.entries, 0));
  return db
    .select()
    .from(page.as('page'))
    .orderBy(sql`1 desc, "updated_at_utc" collate "C", 3`)
    .offset(every - 1)
    .limit(1);
}

export async function rankKeyBehind(...args: Parameters<typeof markQuery>): Promise<RankKey | undefined> {
  const [row] = await markQuery(...args);
  return row;
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
