import type { AchievementId } from '../../../contract/gamification-rules';
import type { Executor } from '../../db/client';
import { staffCannotPlay } from '../../lib/app-error';
import { credit, type LedgerChange, type LedgerResult } from '../../lib/ledger';
import { lockUser } from '../../lib/locks';
import type { Notice } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { awardAchievements } from './achievements';
import { lockWithReferrer, payReferrerIfDue } from './referrals';

/**
 * The one door a member's own earnings go through (DESIGN §14): the ledger
 * credit, then what follows one, in the same transaction and always in this
 * order: its notice, the achievements it unlocks and, for a step that can
 * prove an invited account is a person, the referral it may pay. (The daily
 * totals and the live balance event follow inside the ledger itself.)
 *
 * Open it before anything of the member's is written: opening locks the
 * member, and whoever invited them when the step can pay them, in id order,
 * so nothing after the credit waits on a lock taken out of order.
 */
export interface Earning {
  tx: Executor;
  userId: string;
  /** Whoever invited the member, locked, while this step can still pay them. */
  referrer: string | undefined;
  /** Staff never play (DESIGN §12): they earn nothing, and unlock nothing. */
  staff: boolean;
}

/** Locks the member (and, when `paysReferral`, whoever invited them) for the steps that follow. */
export async function openEarning(
  tx: Executor,
  userId: string,
  { paysReferral = false }: { paysReferral?: boolean } = {},
): Promise<Earning> {
  if (paysReferral) return { tx, userId, ...(await lockWithReferrer(tx, userId)) };
  return { tx, userId, referrer: undefined, staff: (await lockUser(tx, userId))?.staff ?? false };
}

export interface Reward extends Omit<LedgerChange, 'userId'> {
  /** What the member is told of it. */
  notice?: Notice;
  /** Signing in (opening the dashboard counts) can unlock first_login. */
  signingIn?: boolean;
}

export type Earned = LedgerResult & { newAchievements: AchievementId[] };

/** Credits a reward to the member and does what follows it. */
export async function earn(earning: Earning, reward: Reward): Promise<Earned> {
  if (earning.staff) throw staffCannotPlay();
  const { notice, signingIn, ...change } = reward;
  const credited = await credit(earning.tx, { ...change, userId: earning.userId });
  if (credited.applied && notice) await notify(earning.tx, earning.userId, notice, change.at);
  return { ...credited, newAchievements: await followStep(earning, change.at, { signingIn }) };
}

/**
 * What follows any step of the member's, with or without a credit (a verified
 * address, a sign-in): the achievements it unlocks, then the referral it may pay.
 */
export async function followStep(earning: Earning, at: Date, { signingIn = false } = {}) {
  if (earning.staff) return [];
  const newAchievements = await awardAchievements(earning.tx, earning.userId, at, { signingIn });
  await payReferrerIfDue(earning.tx, earning.userId, earning.referrer, at);
  return newAchievements;
}
