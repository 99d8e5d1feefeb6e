import { and, asc, count, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { AD_TASK_TYPES } from '../../../contract/constants';
import type { AchievementId, LeaderboardPeriod } from '../../../contract/gamification-rules';
import type { Executor } from '../../db/client';
import { entryTotals, leaderboardPayouts, streaks, userAchievements, users } from '../../db/schema';

/** The video-ad task types as a SQL list, for `t.type in (…)` in hand-written subqueries. */
export const AD_TYPES_SQL = sql.join(
  AD_TASK_TYPES.map((type) => sql`${type}`),
  sql`, `,
);

/**
 * Everything the achievements count, for one user, in one round trip. Written
 * with explicit aliases: in select fields Drizzle leaves column names
 * unqualified, which is ambiguous inside a join.
 */
export async function metricsOf(db: Executor, userId: string) {
  const completions = (kind: SQL) =>
    sql<number>`(select count(*) from task_completions c
      join tasks t on t.id = c.task_id where c.user_id = ${userId} and ${kind})`.mapWith(Number);
  const countOf = (table: string, extra = sql`true`) =>
    sql<number>`(select count(*) from ${sql.identifier(table)} x where x.user_id = ${userId} and ${extra})`.mapWith(
      Number,
    );
  const [row] = await db
    .select({
      tasks: completions(sql`true`),
      adsWatched: completions(sql`t.type in (${AD_TYPES_SQL})`),
      surveys: completions(sql`t.type = 'complete_survey'`),
      prizeEntries: countOf('prize_entries'),
      referrals: countOf('ledger_entries', sql`x.reason = 'referral'`),
      wins: countOf('wins'),
      longestStreak:
        sql<number>`coalesce((select s.longest from streaks s where s.user_id = ${userId}), 0)`.mapWith(
          Number,
        ),
      entriesEarned: users.totalEntries,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export function achievementsOf(db: Executor, userId: string) {
  return db
    .select({ id: userAchievements.achievementId, awardedAt: userAchievements.awardedAt })
    .from(userAchievements)
    .where(eq(userAchievements.userId, userId))
    .orderBy(userAchievements.awardedAt);
}

/**
 * Records an achievement once; false when it was already there. Callers hold the
 * user's lock, so this is a safety net: the key would stop a second record anyway.
 */
export async function insertAchievement(db: Executor, userId: string, id: AchievementId, at: Date) {
  const rows = await db
    .insert(userAchievements)
    .values({ userId, achievementId: id, awardedAt: at })
    .onConflictDoNothing()
    .returning({ id: userAchievements.achievementId });
  return rows.length > 0;
}

export async function streakOf(db: Executor, userId: string) {
  const [row] = await db.select().from(streaks).where(eq(streaks.userId, userId));
  return row;
}

export async function saveStreak(db: Executor, values: typeof streaks.$inferInsert) {
  await db
    .insert(streaks)
    .values(values)
    .onConflictDoUpdate({
      target: streaks.userId,
      set: { current: values.current, longest: values.longest, lastDay: values.lastDay },
    });
}

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

export async function totalOf(db: Executor, period: LeaderboardPeriod, periodStart: string, userId: string) {
  const [row] = await db
    .select({ entries: entryTotals.entries, updatedAt: entryTotals.updatedAt })
    .from(entryTotals)
    .where(
      and(
        eq(entryTotals.period, period),
        eq(entryTotals.periodStart, periodStart),
        eq(entryTotals.userId, userId),
      ),
    );
  return row;
}

/**
 * Who ranks above a user: more entries, or as many reached earlier (then a
 * lower id), the order topOf lists. Two counts, each a range of the rank index.
 */
export function aheadOf(
  db: Executor,
  period: LeaderboardPeriod,
  periodStart: string,
  mine: { userId: string; entries: number; updatedAt: Date },
) {
  const inPeriod = and(eq(entryTotals.period, period), eq(entryTotals.periodStart, periodStart));
  const counting = (where: SQL | undefined) =>
    db.select({ n: count() }).from(entryTotals).where(and(inPeriod, where));
  return [
    counting(gt(entryTotals.entries, mine.entries)),
    counting(
      and(
        eq(entryTotals.entries, mine.entries),
        sql`(${entryTotals.updatedAt}, ${entryTotals.userId}) < (${mine.updatedAt}, ${mine.userId})`,
      ),
    ),
  ] as const;
}

export async function countAhead(...args: Parameters<typeof aheadOf>) {
  const counts = await Promise.all(aheadOf(...args));
  return counts.reduce((sum, [row]) => sum + (row?.n ?? 0), 0);
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
