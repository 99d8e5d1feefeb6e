import type { LeaderboardPosition, LeaderboardRow } from '../../../contract/gamification';
import {
  LEADERBOARD_SIZE,
  type LeaderboardPeriod,
  WEEKLY_PRIZES_PENCE,
} from '../../../contract/gamification-rules';
import type { Db } from '../../db/client';
import { type AuditActor, recordAudit, SITE } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { addDays, londonDay, periodStarts } from '../../lib/london';
import { maskUsername } from '../../lib/mask';
import { suspendedAmong } from '../accounts/repository';
import { earn, openEarning } from '../earning/earn';
import { levelFor } from '../earning/levels';
import * as repo from './leaderboard-repository';
import type { RankMarks } from './rank-marks';
import { liveStreak } from './streaks';

/**
 * The period's top 100 by entries earned in it, names masked. Served from the
 * totals the ledger keeps, never by summing the ledger.
 */
export async function leaderboard(
  db: Db,
  clock: Clock,
  period: LeaderboardPeriod,
): Promise<LeaderboardRow[]> {
  const now = clock.now();
  const rows = await repo.topOf(db, period, periodStarts(now)[period], LEADERBOARD_SIZE);
  const today = londonDay(now);
  return rows.map((r, i) => ({
    rank: i + 1,
    username: maskUsername(r.username),
    level: levelFor(r.experience).level,
    streak: liveStreak(r.streakLastDay ? { current: r.streak, lastDay: r.streakLastDay } : undefined, today),
    achievementCount: r.achievementCount,
    totalEntries: r.entries,
  }));
}

/**
 * Where the user stands in the period; null until they have earned entries in
 * it. Counted from the nearest rank mark ahead of them, in one statement, so
 * it costs the same at place 10 and at place 900,000.
 */
export async function position(
  db: Db,
  clock: Clock,
  marks: RankMarks,
  user: { id: string; experience: number },
  period: LeaderboardPeriod,
): Promise<LeaderboardPosition> {
  const start = periodStarts(clock.now())[period];
  const mine = await repo.positionOf(db, period, start, user.id);
  // After the answer, so that on the embedded database a first build queues behind it, not before.
  void marks.keepCurrent(db, period, start);
  const level = levelFor(user.experience).level;
  if (!mine) return { position: null, totalEntries: 0, level };
  return { position: mine.position, totalEntries: mine.entries, level };
}

/**
 * Pays the week that has just ended: £20, £15, £10, then £5 each to 4th–10th,
 * to the cash balance. Each place is recorded before it is paid and the credit's
 * key names the week and place, so running twice, or on two instances at
 * once, pays once.
 */
export async function payWeeklyPrizes(db: Db, clock: Clock, actor: AuditActor = SITE) {
  const now = clock.now();
  const weekStart = addDays(periodStarts(now).weekly, -7);
  return db.transaction(async (tx) => {
    const top = await repo.topOf(tx, 'weekly', weekStart, WEEKLY_PRIZES_PENCE.length);
    // A suspended member's place is not paid (DESIGN §8: they earn nothing); the places keep their ranks.
    const suspended = await suspendedAmong(
      tx,
      top.map((w) => w.userId),
      now,
    );
    const places = top
      .map((winner, i) => ({ winner, rank: i + 1, amountPence: WEEKLY_PRIZES_PENCE[i]! }))
      .filter((p) => !suspended.has(p.winner.userId));
    // Balances change in user order, like every change to several users, so two can never deadlock.
    places.sort((a, b) => (a.winner.userId < b.winner.userId ? -1 : 1));
    let paid = 0;
    for (const { winner, rank, amountPence } of places) {
      const recorded = await repo.insertPayout(tx, {
        weekStart,
        rank,
        userId: winner.userId,
        entries: winner.entries,
        amountPence,
        paidAt: now,
      });
      if (!recorded) continue;
      await earn(await openEarning(tx, winner.userId), {
        amount: amountPence,
        account: 'cash',
        reason: 'leaderboard_prize',
        reference: `${weekStart}#${rank}`,
        idempotencyKey: `leaderboard:${weekStart}:${rank}`,
        at: now,
      });
      paid++;
    }
    await recordAudit(
      tx,
      actor,
      {
        action: 'payouts.weekly',
        targetType: 'payouts',
        targetId: weekStart,
        summary: `Paid the weekly leaderboard prizes for the week from ${weekStart}: ${paid} paid`,
      },
      now,
    );
    return { weekStart, paid };
  });
}
