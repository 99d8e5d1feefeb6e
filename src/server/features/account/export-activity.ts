import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  entryTotals,
  prizeEntries,
  prizes,
  signIns,
  streaks,
  taskCompletions,
  tasks,
  userAchievements,
  users,
  wheelSpins,
  wins,
} from '../../db/schema';
import type { StreamedField } from '../../lib/json-stream';
import { paged } from './export-paging';
import type { Person } from './repository';

/** The data download's parts about what they did on the site: signing in, entering, winning, tasks, friends, spins, progress. */
export function activityExport(db: Executor, user: Person) {
  const completionOrder = [taskCompletions.id];
  const entryOrder = [prizeEntries.updatedAt, prizeEntries.prizeId];
  const referralOrder = [users.createdAt, users.id];
  const spinOrder = [wheelSpins.spunAt, wheelSpins.id];
  const signInOrder = [signIns.at, signIns.id];
  return {
    prizeEntries: () =>
      paged(entryOrder, ({ key }, from, take) =>
        db
          .select({
            key,
            prizeId: prizes.id,
            prize: prizes.title,
            entries: prizeEntries.entries,
            updatedAt: prizeEntries.updatedAt,
          })
          .from(prizeEntries)
          .innerJoin(prizes, eq(prizes.id, prizeEntries.prizeId))
          .where(and(eq(prizeEntries.userId, user.id), from(entryOrder)))
          .orderBy(...entryOrder.map((c) => asc(c)))
          .limit(take),
      ),
    wins: () =>
      db
        .select({
          prizeId: prizes.id,
          prize: prizes.title,
          drawnAt: wins.drawnAt,
          notified: wins.notified,
          claimedAt: wins.claimedAt,
          deliveryDetails: wins.deliveryDetails,
          forfeitedAt: wins.forfeitedAt,
          forfeitReason: wins.forfeitReason,
        })
        .from(wins)
        .innerJoin(prizes, eq(prizes.id, wins.prizeId))
        .where(eq(wins.userId, user.id)),
    taskCompletions: () =>
      paged(completionOrder, ({ key }, from, take) =>
        db
          .select({
            key,
            task: tasks.title,
            entriesAwarded: taskCompletions.entriesAwarded,
            completedAt: taskCompletions.completedAt,
          })
          .from(taskCompletions)
          .innerJoin(tasks, eq(tasks.id, taskCompletions.taskId))
          .where(and(eq(taskCompletions.userId, user.id), from(completionOrder)))
          .orderBy(asc(taskCompletions.id))
          .limit(take),
      ),
    referrals: () =>
      paged(referralOrder, ({ key }, from, take) =>
        db
          .select({ key, joinedAt: users.createdAt, deleted: isNotNull(users.deletedAt).mapWith(Boolean) })
          .from(users)
          .where(and(eq(users.referredBy, user.id), from(referralOrder)))
          .orderBy(...referralOrder.map((c) => asc(c)))
          .limit(take),
      ),
    achievements: () =>
      db
        .select({ achievement: userAchievements.achievementId, awardedAt: userAchievements.awardedAt })
        .from(userAchievements)
        .where(eq(userAchievements.userId, user.id)),
    streak: async () =>
      (
        await db
          .select({ current: streaks.current, longest: streaks.longest, lastDay: streaks.lastDay })
          .from(streaks)
          .where(eq(streaks.userId, user.id))
      )[0] ?? null,
    wheelSpins: () =>
      paged(spinOrder, ({ key }, from, take) =>
        db
          .select({ key, prize: wheelSpins.prizeId, spunAt: wheelSpins.spunAt })
          .from(wheelSpins)
          .where(and(eq(wheelSpins.userId, user.id), from(spinOrder)))
          .orderBy(...spinOrder.map((c) => asc(c)))
          .limit(take),
      ),
    leaderboardTotals: () =>
      db
        .select({
          period: entryTotals.period,
          periodStart: entryTotals.periodStart,
          entries: entryTotals.entries,
        })
        .from(entryTotals)
        .where(eq(entryTotals.userId, user.id)),
    signIns: () =>
      paged(signInOrder, ({ key }, from, take) =>
        db
          .select({ key, kind: signIns.kind, at: signIns.at, ip: signIns.ip, deviceId: signIns.deviceId })
          .from(signIns)
          .where(and(eq(signIns.userId, user.id), from(signInOrder)))
          .orderBy(...signInOrder.map((c) => asc(c)))
          .limit(take),
      ),
  } satisfies Record<string, StreamedField>;
}
