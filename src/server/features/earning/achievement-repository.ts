import { and, eq, sql } from 'drizzle-orm';
import { AD_TASK_TYPES } from '../../../contract/constants';
import type { AchievementId } from '../../../contract/gamification-rules';
import { type Executor, rowsOf } from '../../db/client';
import { userAchievements } from '../../db/schema';

/** The video-ad task types as a SQL list, for `t.type in (…)` in hand-written subqueries. */
export const AD_TYPES_SQL = sql.join(
  AD_TASK_TYPES.map((type) => sql`${type}`),
  sql`, `,
);

/** How many video ads the user has watched: all the wheel needs, from the member's counts of ad tasks. */
export async function adsWatchedOf(db: Executor, userId: string) {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`select coalesce(sum(n), 0) as n from task_counts
         where user_id = ${userId} and task_id in (select id from tasks where type in (${AD_TYPES_SQL}))`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Everything the achievements count, for one user, in one statement. The task completions are
 * counted per task already (task_counts) and summed here by type: a row per task, however many
 * thousands of completions a member has.
 */
export async function metricsOf(db: Executor, userId: string) {
  const [row] = await rowsOf<Record<string, string | number | null>>(
    db,
    sql`with done as (
          select t.type, c.n from task_counts c join tasks t on t.id = c.task_id where c.user_id = ${userId}
        )
        select coalesce((select sum(n) from done), 0) as tasks,
               coalesce((select sum(n) from done where type in (${AD_TYPES_SQL})), 0) as ads_watched,
               coalesce((select sum(n) from done where type = 'complete_survey'), 0) as surveys,
               (select count(*) from prize_entries x where x.user_id = u.id) as prize_entries,
               (select count(*) from ledger_entries x where x.user_id = u.id and x.reason = 'referral') as referrals,
               -- Only wins still held: a forfeited or disqualified win unlocks nothing (DESIGN §13).
               (select count(*) from wins x where x.user_id = u.id and x.forfeited_at is null) as wins,
               coalesce((select s.longest from streaks s where s.user_id = u.id), 0) as longest_streak,
               -- Experience, not total_entries: a correction unlocks nothing (DESIGN §16).
               u.experience as entries_earned,
               u.total_entries
          from users u where u.id = ${userId}`,
  );
  if (!row) return undefined;
  const n = (key: string) => Number(row[key]);
  return {
    tasks: n('tasks'),
    adsWatched: n('ads_watched'),
    surveys: n('surveys'),
    prizeEntries: n('prize_entries'),
    referrals: n('referrals'),
    wins: n('wins'),
    longestStreak: n('longest_streak'),
    entriesEarned: n('entries_earned'),
    totalEntries: n('total_entries'),
  };
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
