import { PENCE_PER_POUND } from '../../../contract/money';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { selfExclusionEnd } from '../../lib/acting-member';
import { AppError, badRequest, selfExcluded } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { countDaily, shardOf } from '../../lib/daily-totals';
import { toPence } from '../../lib/money';
import { isUuid } from '../../lib/uuid';
import { findUserById, suspendedAmong } from '../accounts/repository';
import { earn, openEarning } from '../earning/earn';
import { reverse } from '../earning/moves';
import { notices } from '../notifications/notices';
import type { Conversion } from './providers/provider';
import * as repo from './repository';

/** The wall a postback came through: one an admin set up, or the environment's (no id; its entries stated). */
export interface PostbackWall {
  id: string | null;
  entriesPerPound: number | null;
}

/** What the site earned, in pence: a dollar payout at the configured rate. */
const payoutPence = (c: Conversion, usdToGbp: number) =>
  c.payout ? toPence(Math.abs(c.payout.amount) * (c.payout.currency === 'USD' ? usdToGbp : 1)) : 0;

/**
 * Applies a postback, safe to replay: a transaction is credited once; a
 * reversal takes back exactly what it credited, even below zero; a reversal
 * that arrives first makes the later credit a no-op. The entries are what the
 * postback states (the environment's wall) or its payout at the wall's rate.
 * The revenue it reports goes to the analytics and the wall's totals with it.
 */
export async function applyConversion(
  db: Db,
  clock: Clock,
  opts: { wall: PostbackWall; usdToGbp: number },
  c: Conversion,
) {
  const { wall } = opts;
  if (c.kind === 'pending') return;
  if (!isUuid(c.userId)) throw badRequest('The member is not one of ours', 'unknown_user');
  if (c.kind === 'credit' && c.payout && c.payout.amount < 0)
    throw badRequest('A credit’s payout cannot be negative', 'bad_postback');
  const pence = payoutPence(c, opts.usdToGbp);
  const amount = c.entries ?? Math.floor((pence * (wall.entriesPerPound ?? 0)) / PENCE_PER_POUND);
  if (c.kind === 'credit' && amount < 1)
    throw badRequest('The payout is too small to give any entries', 'payout_too_small');
  // Providers' ids are unique to the provider only: a wall's are kept under its own id.
  const key = wall.id ? `${wall.id}:${c.transactionId}` : c.transactionId;
  const now = clock.now();
  return db.transaction(async (tx) => {
    // One postback per transaction id at a time: a credit and its reversal arriving together cannot both
    // find no row and pass each other, losing the reversal.
    await repo.lockOfferTransaction(tx, key);
    const user = await findUserById(tx, c.userId);
    if (!user) throw badRequest('The member is not one of ours', 'unknown_user');
    // Nothing is owed to an account that is gone, and a reversal has nothing left to take.
    if (user.deletedAt) throw badRequest('The member has deleted their account', 'account_deleted');
    // A suspended member earns nothing (DESIGN §8); the provider may send it again once the suspension is lifted.
    if (c.kind === 'credit' && (await suspendedAmong(tx, [c.userId], now)).size)
      throw new AppError(403, 'This member is suspended', 'suspended');
    // Nor does one who excluded themselves (DESIGN §19): the offer was begun before, or the frame is refused.
    const excludedUntil = c.kind === 'credit' && selfExclusionEnd(user, now);
    if (excludedUntil) throw selfExcluded(excludedUntil);
    // The user (and whoever invited them: a credited offer can pay a referral) before anything of theirs is
    // written; the offer row's foreign key would otherwise share-lock the user first and two credits deadlock.
    const earning = await openEarning(tx, c.userId, { paysReferral: true });
    const existing = await repo.findOfferTransactionForUpdate(tx, key);
    if (existing && existing.userId !== c.userId)
      throw badRequest('The transaction belongs to another member', 'wrong_user');

    const row = { transactionId: key, wallId: wall.id, userId: c.userId, amount };
    if (c.kind === 'credit') {
      if (existing) return;
      // Two copies of one postback at once: whichever loses the insert has nothing left to do. So does a
      // signature already credited under another transaction id (its fields split differently).
      const recorded = await repo.recordOfferTransaction(tx, {
        ...row,
        status: 'credited',
        payoutPence: pence,
        createdAt: now,
        signature: c.signature,
      });
      if (!recorded) return;
      await earn(earning, {
        amount,
        reason: 'offer',
        reference: key,
        idempotencyKey: `offer:${key}`,
        at: now,
        notice: notices.offerCredited(key, amount),
      });
      await countRevenue(tx, wall, now, c.userId, { credits: 1, revenuePence: pence, entries: amount });
      return;
    }
    if (existing?.status === 'reversed') return;
    // A reversal its provider does not sign could be a captured credit with its status changed: it
    // may only take back a credit that is here, of the same member and entries.
    if (!c.kindSigned) {
      if (!existing) return;
      if (c.entries !== undefined && c.entries !== existing.amount)
        throw badRequest('The reversal does not match the credit it takes back', 'reversal_mismatch');
    }
    if (!existing) {
      await repo.recordOfferTransaction(tx, { ...row, status: 'reversed', reversedAt: now });
      return;
    }
    await repo.markOfferReversed(tx, key, now);
    await reverse(
      tx,
      {
        userId: c.userId,
        amount: existing.amount,
        reason: 'offer_reversal',
        reference: key,
        idempotencyKey: `offer-reversal:${key}`,
        at: now,
        // What the offer earned stops counting: for the leaderboards' cash prizes above all.
        reverses: existing.createdAt,
        notice: notices.offerReversed(key, existing.amount),
      },
      'an offer its provider reversed',
    );
    await countRevenue(tx, wall, now, c.userId, {
      reversals: 1,
      revenuePence: -existing.payoutPence,
      entries: -existing.amount,
    });
  });
}

/** The revenue in the day's analytics, and a wall's running totals. */
async function countRevenue(
  tx: Executor,
  wall: PostbackWall,
  at: Date,
  userId: string,
  change: { credits?: number; reversals?: number; revenuePence: number; entries: number },
) {
  await countDaily(tx, at, userId, { offer_revenue: change.revenuePence });
  if (wall.id) await repo.addToWallTotals(tx, wall.id, shardOf(userId), change);
}

/** The provider's frame for this user, from the OFFERWALL_URL template; null when no provider is configured. */
export function offerWallUrl(config: Config, userId: string): string | null {
  const { url, publisherId } = config.offerwall;
  if (!url || !publisherId) return null;
  return url
    .replaceAll('{publisherId}', encodeURIComponent(publisherId))
    .replaceAll('{userId}', encodeURIComponent(userId));
}
