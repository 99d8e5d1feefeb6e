import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MINUTE_MS } from '../../../contract/constants';
import type { Db, Executor } from '../../db/client';
import { withdrawals } from '../../db/schema';
import { SITE } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { moveWithdrawal, type WithdrawalRow } from './moves';
import {
  type PayoutOrder,
  type ProviderClient,
  type ProviderReading,
  ProviderRefused,
  ProviderUnavailable,
} from './provider';

export interface Sending {
  db: Db;
  clock: Clock;
  /** The providers configured: a payout for one that is not waits until it is, or staff cancel it. */
  providers: Partial<Record<'paypal' | 'tremendous', ProviderClient>>;
}

/** How long one worker holds a payout it is sending: past this, another may send it (with the same id). */
const HOLD_MS = 2 * MINUTE_MS;
/** The wait before trying a provider that failed on its side again: doubling, up to an hour. */
const retryAfterMs = (attempts: number) => Math.min(2 ** attempts * 15_000, 60 * MINUTE_MS);

const receiver = z.email();

/**
 * What is sent, checked before anything leaves: a whole, positive number of
 * pence in pounds sterling, to a well-formed address. One that fails is not
 * sent at all.
 */
export function orderOf(w: WithdrawalRow): PayoutOrder | string {
  if (!Number.isSafeInteger(w.amountPence) || w.amountPence <= 0) return 'The amount is not a payable sum';
  const giftCard = w.method === 'giftcard';
  const to = (giftCard ? w.details.email : w.details.paypalEmail) ?? '';
  if (!receiver.safeParse(to).success)
    return `The ${giftCard ? 'gift card’s' : 'PayPal'} address is not a valid email address`;
  return {
    id: w.id,
    amountPence: w.amountPence,
    currency: 'GBP',
    receiver: to,
    ...(giftCard && { recipientName: w.details.name }),
    note: giftCard
      ? 'Your prize from your prize-draw account'
      : 'Your withdrawal from your prize-draw account',
  };
}

/**
 * Sends every approved payout whose provider pays on its own, oldest first,
 * each taken by one worker (SKIP LOCKED, then held for HOLD_MS) so instances
 * may run this at once. The provider's ids are saved before the payout counts
 * as sent; a payout whose provider failed on its side (5xx, timeout) waits and
 * is sent again with the same id, which the provider pays once.
 */
export async function sendApproved(s: Sending) {
  const counts = { sent: 0, waiting: 0, failed: 0 };
  for (;;) {
    const w = await takeNext(s);
    if (!w) return counts;
    counts[await sendOne(s, w)]++;
  }
}

async function takeNext(s: Sending) {
  const now = s.clock.now();
  const providers = Object.keys(s.providers) as Array<'paypal' | 'tremendous'>;
  if (providers.length === 0) return undefined;
  const [row] = await s.db
    .update(withdrawals)
    .set({
      submittingUntil: new Date(now.getTime() + HOLD_MS),
      attempts: sql`${withdrawals.attempts} + 1`,
    })
    .where(
      eq(
        withdrawals.id,
        sql`(${s.db
          .select({ id: withdrawals.id })
          .from(withdrawals)
          .where(
            and(
              eq(withdrawals.status, 'approved'),
              inArray(withdrawals.provider, providers),
              or(isNull(withdrawals.submittingUntil), lt(withdrawals.submittingUntil, now)),
            ),
          )
          .orderBy(asc(withdrawals.requestedAt), asc(withdrawals.id))
          .limit(1)
          .for('update', { skipLocked: true })})`,
      ),
    )
    .returning();
  return row;
}

/** Sends one payout: sent, waiting to be sent again (the provider failed on its side), or failed. */
async function sendOne(s: Sending, w: WithdrawalRow): Promise<'sent' | 'waiting' | 'failed'> {
  const client = s.providers[w.provider as 'paypal' | 'tremendous']!;
  const order = orderOf(w);
  if (typeof order === 'string') {
    await s.db.transaction((tx) =>
      moveWithdrawal(tx, SITE, w.id, { to: 'failed', at: s.clock.now(), reason: order }),
    );
    return 'failed';
  }
  let reading: ProviderReading;
  try {
    reading = await client.send(order);
  } catch (err) {
    if (err instanceof ProviderRefused) {
      await s.db.transaction((tx) =>
        moveWithdrawal(tx, SITE, w.id, {
          to: 'failed',
          at: s.clock.now(),
          reason: `The payment provider refused it: ${err.message}`,
        }),
      );
      return 'failed';
    }
    if (!(err instanceof ProviderUnavailable)) throw err;
    const retryAt = new Date(s.clock.now().getTime() + retryAfterMs(w.attempts));
    await s.db.update(withdrawals).set({ submittingUntil: retryAt }).where(eq(withdrawals.id, w.id));
    return 'waiting';
  }
  await s.db.transaction((tx) => applyReading(tx, s.clock, w.id, reading, 'sent'));
  return 'sent';
}

/**
 * Records where a payout stands at its provider: sent (with the provider's
 * ids) if it was not yet, then the state the provider reports, when that is a
 * move forward. Reading it again changes nothing. Answers whether it moved.
 */
export async function applyReading(
  tx: Executor,
  clock: Clock,
  id: string,
  reading: ProviderReading,
  how: 'sent' | 'read back' | 'webhook',
) {
  const at = clock.now();
  const ids = { providerRef: reading.ref, providerItemRef: reading.itemRef };
  const sent = await moveWithdrawal(tx, SITE, id, {
    to: 'submitted',
    at,
    ...ids,
    note: `${how}, reference ${reading.ref}`,
  });
  const settled =
    reading.status &&
    (await moveWithdrawal(tx, SITE, id, {
      to: reading.status,
      at,
      ...ids,
      reason: reading.reason,
      note: how,
    }));
  return Boolean(sent || settled);
}
