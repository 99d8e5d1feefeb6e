import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, eq, sql, sum } from 'drizzle-orm';
import type { PostbackParams } from '../../../contract/offers';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { offerTransactions, users } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { credit, debit } from '../../lib/ledger';
import { suspendedAmong } from '../auth/repository';
import { awardAchievements } from '../gamification/achievements';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { lockWithReferrer, payReferrerIfDue } from '../referrals/service';

/** The provider signs `user_id:transaction_id:amount:status` with our shared secret. */
export function validSignature(secret: string | undefined, p: PostbackParams): boolean {
  if (!secret) return false;
  const expected = createHmac('sha256', secret)
    .update(`${p.user_id}:${p.transaction_id}:${p.amount}:${p.status}`)
    .digest();
  const given = Buffer.from(p.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Applies a postback, safe to replay: a transaction is credited once; a
 * reversal takes back exactly what it credited, even below zero; a reversal
 * that arrives first makes the later credit a no-op.
 */
export async function applyPostback(db: Db, clock: Clock, secret: string | undefined, p: PostbackParams) {
  if (!validSignature(secret, p)) throw new AppError(403, 'Invalid signature', 'bad_signature');
  const amount = Number(p.amount);
  return db.transaction(async (tx) => {
    // One postback per transaction id at a time: a credit and its reversal arriving together cannot both
    // find no row and pass each other, losing the reversal.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`offer:${p.transaction_id}`}, 0))`);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, p.user_id));
    if (!user) throw badRequest('user_id is not one of our users', 'unknown_user');
    // A suspended member earns nothing (DESIGN §8); the provider may send it again once the suspension is lifted.
    if (p.status === '1' && (await suspendedAmong(tx, [p.user_id], clock.now())).size)
      throw new AppError(403, 'This member is suspended', 'suspended');
    // The user (and whoever invited them: a credited offer can pay a referral) before anything of theirs is
    // written; the offer row's foreign key would otherwise share-lock the user first and two credits deadlock.
    const referrer = await lockWithReferrer(tx, p.user_id);
    const [existing] = await tx
      .select()
      .from(offerTransactions)
      .where(eq(offerTransactions.transactionId, p.transaction_id))
      .for('update');
    if (existing && existing.userId !== p.user_id)
      throw badRequest('transaction_id belongs to another user', 'wrong_user');

    if (p.status === '1') {
      if (existing) return;
      // Two copies of one postback at once: whichever loses the insert has nothing left to do.
      const inserted = await tx
        .insert(offerTransactions)
        .values({
          transactionId: p.transaction_id,
          userId: p.user_id,
          amount,
          status: 'credited',
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ id: offerTransactions.transactionId });
      if (inserted.length === 0) return;
      await credit(tx, {
        userId: p.user_id,
        amount,
        reason: 'offer',
        reference: p.transaction_id,
        idempotencyKey: `offer:${p.transaction_id}`,
        at: clock.now(),
      });
      await notify(tx, p.user_id, notices.offerCredited(p.transaction_id, amount), clock.now());
      await awardAchievements(tx, p.user_id, clock.now());
      await payReferrerIfDue(tx, p.user_id, referrer, clock.now());
      return;
    }
    if (existing?.status === 'reversed') return;
    if (!existing) {
      await tx
        .insert(offerTransactions)
        .values({
          transactionId: p.transaction_id,
          userId: p.user_id,
          amount,
          status: 'reversed',
          reversedAt: clock.now(),
        })
        .onConflictDoNothing();
      return;
    }
    await tx
      .update(offerTransactions)
      .set({ status: 'reversed', reversedAt: clock.now() })
      .where(eq(offerTransactions.transactionId, p.transaction_id));
    await debit(tx, {
      userId: p.user_id,
      amount: existing.amount,
      reason: 'offer_reversal',
      reference: p.transaction_id,
      idempotencyKey: `offer-reversal:${p.transaction_id}`,
      at: clock.now(),
      allowNegative: true,
      // What the offer earned stops counting: for the leaderboards' cash prizes above all.
      reverses: existing.createdAt,
    });
    await notify(tx, p.user_id, notices.offerReversed(p.transaction_id, existing.amount), clock.now());
  });
}

export async function offerStats(db: Db, userId: string) {
  const [row] = await db
    .select({ completedOffers: count(), totalEarned: sum(offerTransactions.amount).mapWith(Number) })
    .from(offerTransactions)
    .where(and(eq(offerTransactions.userId, userId), eq(offerTransactions.status, 'credited')));
  return { completedOffers: row?.completedOffers ?? 0, totalEarned: row?.totalEarned ?? 0 };
}

/** The provider's frame for this user, from the OFFERWALL_URL template; null when no provider is configured. */
export function offerWallUrl(config: Config, userId: string): string | null {
  const { url, publisherId } = config.offerwall;
  if (!url || !publisherId) return null;
  return url
    .replaceAll('{publisherId}', encodeURIComponent(publisherId))
    .replaceAll('{userId}', encodeURIComponent(userId));
}
