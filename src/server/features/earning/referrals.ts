import { DAY_MS, REFERRAL_REWARD, REFERRALS_PER_DAY } from '../../../contract/constants';
import { SHARED_ADDRESS_DAYS } from '../../../contract/operator-rules';
import type { Executor } from '../../db/client';
import { credit } from '../../lib/ledger';
import { lockUsers } from '../../lib/locks';
import { londonMidnight } from '../../lib/london';
import { suspendedAmong } from '../accounts/repository';
import { awardAchievements } from './achievements';
import * as repo from './referral-repository';

/**
 * Locks a user and whoever invited them, in id order, before anything of
 * theirs is written: any step that may pay the referrer starts with this (openEarning).
 * Answers the referrer's id, or undefined once the referral is paid (then
 * only the user is locked, so a busy referrer's row is not held for nothing).
 */
export async function lockWithReferrer(tx: Executor, userId: string) {
  const referrer = await repo.referrerOf(tx, userId);
  const due = referrer && !(await repo.referralPaid(tx, userId)) ? referrer : undefined;
  const locked = await lockUsers(tx, due ? [userId, due] : [userId]);
  const staff = (id: string) => locked.find((row) => row.id === id)?.staff ?? false;
  // Staff never play, so an invitation of theirs pays nobody (DESIGN §12).
  return { referrer: due && !staff(due) ? due : undefined, staff: staff(userId) };
}

/**
 * Pays the referrer once per invited account, and only once that account has
 * proved it is a person (repo.provedReal); at most REFERRALS_PER_DAY a UK day
 * per referrer, the rest waiting for the friend's next qualifying step. A
 * friend who signed up or in from the referrer's own address or device is held
 * for staff to pay or refuse (holds.ts) instead. The caller holds both locks
 * (lockWithReferrer, through openEarning in features/earning).
 */
export async function payReferrerIfDue(
  tx: Executor,
  userId: string,
  referrer: string | undefined,
  now: Date,
) {
  if (!referrer || referrer === userId) return;
  // A suspended referrer earns nothing now; the friend's next qualifying step can pay once it is lifted.
  if ((await suspendedAmong(tx, [referrer], now)).size) return;
  if (!(await repo.provedReal(tx, userId))) return;
  // Held: staff decide, not the friend's next step.
  if (await repo.findHold(tx, userId)) return;
  const since = new Date(now.getTime() - SHARED_ADDRESS_DAYS * DAY_MS);
  const shared = await repo.sharedPlace(tx, userId, referrer, since);
  if (shared) {
    await repo.holdReferral(tx, { friendId: userId, referrerId: referrer, shared, heldAt: now });
    return;
  }
  if ((await repo.referralCreditsSince(tx, referrer, londonMidnight(now))) >= REFERRALS_PER_DAY) return;
  await payReferrer(tx, userId, referrer, now);
}

/** The referral credit itself, once per friend (its ledger key), with the referrer's achievements it unlocks. */
export async function payReferrer(tx: Executor, friendId: string, referrer: string, now: Date) {
  const paid = await credit(tx, {
    userId: referrer,
    amount: REFERRAL_REWARD,
    reason: 'referral',
    reference: friendId,
    idempotencyKey: repo.referralKey(friendId),
    at: now,
  });
  // The referrer's own achievements (referral_1…) are theirs to see on their dashboard.
  if (paid.applied) await awardAchievements(tx, referrer, now);
}
