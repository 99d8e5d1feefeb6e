import {
  ACHIEVEMENTS,
  type AchievementId,
  type AchievementMetric,
} from '../../../contract/gamification-rules';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { credit } from '../../lib/ledger';
import { lockUser } from '../../lib/locks';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { levelFor } from './levels';
import * as repo from './repository';

/** Each achievement's count for a user. Sign-ins are not stored: a sign-in says so itself (`signingIn`). */
export async function measure(
  db: Executor,
  userId: string,
  signingIn = false,
): Promise<Record<AchievementMetric, number>> {
  const m = await repo.metricsOf(db, userId);
  if (!m) throw notFound('User not found');
  return {
    logins: signingIn ? 1 : 0,
    tasks: m.tasks,
    prizeEntries: m.prizeEntries,
    streak: m.longestStreak,
    adsWatched: m.adsWatched,
    surveys: m.surveys,
    referrals: m.referrals,
    wins: m.wins,
    entriesEarned: m.entriesEarned,
    level: levelFor(m.entriesEarned).level,
  };
}

/** A reward can lift entries earned and the level into further achievements; this bounds the chain. */
const MAX_ROUNDS = 5;

/**
 * Awards, in the caller's transaction, every achievement the user now qualifies
 * for and has not had, crediting each reward through the ledger. Each is paid
 * once: the primary key lets only one of any racing transactions record it, and
 * the user's row is locked first, as everywhere, so they queue rather than deadlock.
 * Returns the ids newly awarded.
 */
export async function awardAchievements(
  tx: Executor,
  userId: string,
  at: Date,
  { signingIn = false } = {},
): Promise<AchievementId[]> {
  await lockUser(tx, userId);
  const held = new Set((await repo.achievementsOf(tx, userId)).map((a) => a.id));
  const awarded: AchievementId[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const counts = await measure(tx, userId, signingIn);
    const due = ACHIEVEMENTS.filter((a) => !held.has(a.id) && counts[a.metric] >= a.target);
    if (due.length === 0) break;
    for (const a of due) {
      held.add(a.id);
      if (!(await repo.insertAchievement(tx, userId, a.id, at))) continue;
      await credit(tx, {
        userId,
        amount: a.reward,
        reason: 'achievement',
        reference: a.id,
        idempotencyKey: `achievement:${userId}:${a.id}`,
        at,
      });
      await notify(tx, userId, notices.achievement(a), at);
      awarded.push(a.id);
    }
  }
  return awarded;
}
