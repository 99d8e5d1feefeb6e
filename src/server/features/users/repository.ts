import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { AD_TASK_TYPES } from '../../../contract/constants';
import type { Executor } from '../../db/client';
import { ledgerEntries, prizeEntries, prizes, taskCompletions, tasks, users } from '../../db/schema';
import { openPrizes } from '../prizes/rules';

/** The prizes a user holds entries in, most recently entered first. */
export function entriesOf(db: Executor, userId: string) {
  return db
    .select({ prize: prizes, entries: prizeEntries.entries, updatedAt: prizeEntries.updatedAt })
    .from(prizeEntries)
    .innerJoin(prizes, eq(prizes.id, prizeEntries.prizeId))
    .where(eq(prizeEntries.userId, userId))
    .orderBy(desc(prizeEntries.updatedAt));
}

/** The dashboard's numbers, each counted from the records themselves. */
export async function dashboardStats(db: Executor, userId: string, now: Date) {
  const [[me], [active], [done], [referrals]] = await Promise.all([
    db
      .select({ available: users.availableEntries, total: users.totalEntries })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ n: sql<number>`coalesce(sum(${prizeEntries.entries}), 0)`.mapWith(Number) })
      .from(prizeEntries)
      .innerJoin(prizes, eq(prizes.id, prizeEntries.prizeId))
      .where(and(eq(prizeEntries.userId, userId), openPrizes(now))),
    db
      .select({
        tasks: count(),
        ads: sql<number>`count(*) filter (where ${inArray(tasks.type, [...AD_TASK_TYPES])})`.mapWith(Number),
      })
      .from(taskCompletions)
      .innerJoin(tasks, eq(tasks.id, taskCompletions.taskId))
      .where(eq(taskCompletions.userId, userId)),
    db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.reason, 'referral'))),
  ]);
  return {
    totalEntries: me?.total ?? 0,
    availableEntries: me?.available ?? 0,
    activePrizeEntries: active?.n ?? 0,
    tasksCompleted: done?.tasks ?? 0,
    adsWatched: done?.ads ?? 0,
    referralsMade: referrals?.n ?? 0,
  };
}

export function recentActivity(db: Executor, userId: string, limit = 10) {
  return db
    .select({
      title: tasks.title,
      entriesAwarded: taskCompletions.entriesAwarded,
      completedAt: taskCompletions.completedAt,
    })
    .from(taskCompletions)
    .innerJoin(tasks, eq(tasks.id, taskCompletions.taskId))
    .where(eq(taskCompletions.userId, userId))
    .orderBy(desc(taskCompletions.completedAt))
    .limit(limit);
}
