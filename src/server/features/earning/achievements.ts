import {
  ACHIEVEMENTS,
  type AchievementId,
  type AchievementMetric,
} from '../../../contract/gamification-rules';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { credit, debit } from '../../lib/ledger';
import { lockUser } from '../../lib/locks';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import * as repo from './achievement-repository';
import { levelFor } from './levels';

type Metrics = NonNullable<Awaited<ReturnType<typeof repo.metricsOf>>>;

/** A user's counts, read with their lifetime total of entries earned, corrections included. */
export async function metricsOf(db: Executor, userId: string): Promise<Metrics> {
  const m = await repo.metricsOf(db, userId);
  if (!m) throw notFound('User not found');
  return m;
}

/** Each achievement's count for a user. Sign-ins are not stored: a sign-in says so itself (`signingIn`). */
export async function measure(db: Executor, userId: string, signingIn = false) {
  return countsOf(await metricsOf(db, userId), signingIn);
}

export function countsOf(m: Metrics, signingIn = false): Record<AchievementMetric, number> {
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

/** How many video ads the user has watched, counted alone (the wheel needs nothing else). */
export const adsWatchedOf = (db: Executor, userId: string) => repo.adsWatchedOf(db, userId);

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
  // Nothing left to unlock: no need to count anything.
  if (held.size === ACHIEVEMENTS.length) return [];
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
        // Once per award: an achievement taken back with its win can be unlocked, and paid, again.
        idempotencyKey: `achievement:${userId}:${a.id}:${at.toISOString()}`,
        at,
      });
      await notify(tx, userId, notices.achievement(a), at);
      awarded.push(a.id);
    }
  }
  return awarded;
}

/** What a lost win can lower: the wins held, and, as rewards are taken back, entries earned and the level. */
const LOSABLE: AchievementMetric[] = ['wins', 'entriesEarned', 'level'];

/**
 * Takes back, in the caller's transaction, each achievement the user no longer qualifies for once a
 * win is lost or a credit reversed (DESIGN §13, §20), `why` saying what had unlocked it: its record goes, and its reward comes off through the ledger, no longer
 * counting as earned, even below zero, with a notice saying why. Taking a reward back can lower the
 * level, and so take back a level's achievement too. Returns the ids taken back.
 */
export async function takeBackAchievements(
  tx: Executor,
  userId: string,
  at: Date,
  why = 'a win you no longer hold',
): Promise<AchievementId[]> {
  await lockUser(tx, userId);
  const held = new Map((await repo.achievementsOf(tx, userId)).map((a) => [a.id, a.awardedAt]));
  const taken: AchievementId[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const metrics = await metricsOf(tx, userId);
    const counts = countsOf(metrics);
    // An achievement's own reward, and those of achievements unlocked after it, did not unlock it:
    // they cannot keep it either, or a reward alone would hold up the level it paid for.
    const without = (a: (typeof ACHIEVEMENTS)[number]) => {
      const since = held.get(a.id)!.getTime();
      const later = ACHIEVEMENTS.filter(
        (b) => held.has(b.id) && (b === a || held.get(b.id)!.getTime() > since),
      );
      const experience = metrics.entriesEarned - later.reduce((sum, b) => sum + b.reward, 0);
      return { ...counts, entriesEarned: experience, level: levelFor(experience).level };
    };
    const lost = ACHIEVEMENTS.filter(
      (a) => LOSABLE.includes(a.metric) && held.has(a.id) && without(a)[a.metric] < a.target,
    );
    if (lost.length === 0) break;
    for (const a of lost) {
      const awardedAt = held.get(a.id)!;
      held.delete(a.id);
      if (!(await repo.deleteAchievement(tx, userId, a.id))) continue;
      const key = `achievement_taken_back:${userId}:${a.id}:${at.toISOString()}`;
      await debit(tx, {
        userId,
        amount: a.reward,
        reason: 'achievement_taken_back',
        reference: a.id,
        idempotencyKey: key,
        at,
        allowNegative: true,
        reverses: awardedAt,
      });
      const reason = `"${a.title}" was unlocked by ${why}`;
      await notify(
        tx,
        userId,
        notices.adjustment({ key, account: 'entries', amount: -a.reward, reason }),
        at,
      );
      taken.push(a.id);
    }
  }
  return taken;
}
