import type { Streak } from '../../../contract/gamification';
import { STREAK_BONUSES, STREAK_MILESTONES } from '../../../contract/gamification-rules';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { addDays, londonDay } from '../../lib/london';
import { earn, openEarning } from '../earning/earn';
import * as repo from './repository';

/** The entries a visit on the `day`-th day of a streak earns. */
export const streakBonus = (day: number) =>
  STREAK_BONUSES.reduce((bonus, step) => (day >= step.fromDay ? step.bonus : bonus), 0);

/** A streak still counts as of `today` if the last visit was today or yesterday. */
export const liveStreak = (row: { current: number; lastDay: string } | undefined, today: string) =>
  row && (row.lastDay === today || row.lastDay === addDays(today, -1)) ? row.current : 0;

export function describeStreak(
  row: { current: number; longest: number; lastDay: string } | undefined,
  today: string,
): Streak {
  const current = liveStreak(row, today);
  const nextMilestone = STREAK_MILESTONES.find((m) => m > current) ?? null;
  return {
    current,
    longest: row?.longest ?? 0,
    nextBonus: streakBonus(current + 1),
    nextMilestone,
    daysUntilMilestone: nextMilestone === null ? null : nextMilestone - current,
  };
}

/**
 * Counts today's visit: the first of a London day extends the streak (or starts
 * it again at 1 after a missed day) and pays the day's bonus; any later visit
 * that day pays nothing. The user's row is locked, and the bonus's key names
 * the day, so two visits at once pay once.
 */
export async function updateStreak(db: Db, clock: Clock, userId: string) {
  const now = clock.now();
  const today = londonDay(now);
  return db.transaction(async (tx) => {
    // A week-long streak can prove an invited account real and pay its referrer.
    const earning = await openEarning(tx, userId, { paysReferral: true });
    const row = await repo.streakOf(tx, userId);
    // A second visit the same day changes nothing: the day's bonus, first_login and any referral came with the first.
    if (row?.lastDay === today)
      return { streak: describeStreak(row, today), bonusAwarded: 0, newAchievements: [] };
    const current = row?.lastDay === addDays(today, -1) ? row.current + 1 : 1;
    const saved = { userId, current, longest: Math.max(current, row?.longest ?? 0), lastDay: today };
    await repo.saveStreak(tx, saved);
    const bonusAwarded = streakBonus(current);
    const { newAchievements } = await earn(earning, {
      amount: bonusAwarded,
      reason: 'streak_bonus',
      reference: today,
      idempotencyKey: `streak:${userId}:${today}`,
      at: now,
      // Opening the dashboard is a sign-in too: an account older than achievements gets first_login here.
      signingIn: true,
    });
    return { streak: describeStreak(saved, today), bonusAwarded, newAchievements };
  });
}
