import { and, eq, type SQL, sql } from 'drizzle-orm';
import { AD_TASK_TYPES } from '../../../contract/constants';
import type { AchievementId } from '../../../contract/gamification-rules';
import type { Executor } from '../../db/client';
import { streaks, userAchievements, users } from '../../db/schema';

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
const completions = (userId: string, kind: SQL) =>
  sql<number>`(select count(*) from task_completions c
    join tasks t on t.id = c.task_id where c.user_id = ${userId} and ${kind})`.mapWith(Number);

/** How many video ads the user has watched: all the wheel needs, without counting everything else. */
export async function adsWatchedOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ n: completions(userId, sql`t.type in (${AD_TYPES_SQL})`) })
    .from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

export async function metricsOf(db: Executor, userId: string) {
  const countOf = (table: string, extra = sql`true`) =>
    sql<number>`(select count(*) from ${sql.identifier(table)} x where x.user_id = ${userId} and ${extra})`.mapWith(
      Number,
    );
  const [row] = await db
    .select({
      tasks: completions(userId, sql`true`),
      adsWatched: completions(userId, sql`t.type in (${AD_TYPES_SQL})`),
      surveys: completions(userId, sql`t.type = 'complete_survey'`),
      prizeEntries: countOf('prize_entries'),
      referrals: countOf('ledger_entries', sql`x.reason = 'referral'`),
      // Only wins still held: a forfeited or disqualified win unlocks nothing (DESIGN §13).
      wins: countOf('wins', sql`x.forfeited_at is null`),
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

/** Takes an achievement away, so it can be unlocked again; answers whether it was held. */
export async function deleteAchievement(db: Executor, userId: string, id: AchievementId) {
  const rows = await db
    .delete(userAchievements)
    .where(and(eq(userAchievements.userId, userId), eq(userAchievements.achievementId, id)))
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
