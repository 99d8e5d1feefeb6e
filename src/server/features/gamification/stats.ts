import type { GamificationStats } from '../../../contract/gamification';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { londonDay } from '../../lib/london';
import { achievementsOf } from '../earning/achievement-repository';
import { countsOf, metricsOf } from '../earning/achievements';
import { levelFor } from '../earning/levels';
import * as repo from './repository';
import { describeStreak } from './streaks';

/** The dashboard's gamification card: streak, level, achievements and the counts behind them. */
export async function gamificationStats(db: Db, clock: Clock, userId: string): Promise<GamificationStats> {
  const [metrics, achievements, streak] = await Promise.all([
    metricsOf(db, userId),
    achievementsOf(db, userId),
    repo.streakOf(db, userId),
  ]);
  const counts = countsOf(metrics);
  const signedInBefore = achievements.some((a) => a.id === 'first_login');
  return {
    streak: describeStreak(streak, londonDay(clock.now())),
    ...levelFor(counts.entriesEarned),
    achievements: achievements.map((a) => ({ id: a.id, awardedAt: a.awardedAt.toISOString() })),
    stats: {
      adsWatched: counts.adsWatched,
      surveysCompleted: counts.surveys,
      referralsMade: counts.referrals,
      prizesWon: counts.wins,
      // The dashboard's "earned", corrections included; experience leaves them out.
      totalEntriesEarned: metrics.totalEntries,
      tasksCompleted: counts.tasks,
      prizesEntered: counts.prizeEntries,
    },
    progress: { ...counts, logins: signedInBefore ? 1 : 0 },
  };
}
