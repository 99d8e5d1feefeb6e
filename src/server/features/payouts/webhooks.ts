import { and, eq, or } from 'drizzle-orm';
import { payoutEvents, withdrawals } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import type { PayPal } from './paypal';
import { type ProviderReading, ProviderUnavailable } from './provider';
import { applyReading, type Sending } from './sending';
import { paypalState } from './states';
import type { Tremendous } from './tremendous';

interface PayPalEvent {
  id: string;
  event_type: string;
  resource?: {
    payout_item_id?: string;
    payout_batch_id?: string;
    transaction_status?: string;
    sender_batch_id?: string;
    payout_item?: { sender_item_id?: string };
    errors?: { message?: string };
    batch_header?: { payout_batch_id?: string; sender_batch_header?: { sender_batch_id?: string } };
  };
}

/** A call to the provider while a webhook waits: one it cannot answer now is a 503, so it sends the event again. */
async function askedNow<T>(provider: string, call: () => Promise<T>) {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    throw new AppError(
      503,
      `${provider} could not be reached: send this event again`,
      'provider_unavailable',
    );
  }
}

/** Records where a payout stands, once per event id, in the transaction that records it. */
function applyOnce(
  s: Sending,
  event: { provider: 'paypal' | 'tremendous'; id: string },
  payoutId: string,
  reading: ProviderReading,
) {
  return s.db.transaction(async (tx) => {
    const [first] = await tx
      .insert(payoutEvents)
      .values({ provider: event.provider, eventId: event.id, receivedAt: s.clock.now() })
      .onConflictDoNothing()
      .returning();
    if (first) await applyReading(tx, s.clock, payoutId, reading, 'webhook');
  });
}

/** An item event's name, as the item state it reports (PAYMENT.PAYOUTS-ITEM.SUCCEEDED → SUCCESS). */
const ITEM_EVENT_STATES: Record<string, string> = {
  SUCCEEDED: 'SUCCESS',
  FAILED: 'FAILED',
  BLOCKED: 'BLOCKED',
  UNCLAIMED: 'UNCLAIMED',
  RETURNED: 'RETURNED',
  REFUNDED: 'REFUNDED',
  REVERSED: 'REVERSED',
  // An unclaimed item we cancelled: PayPal gives the money back to us.
  CANCELED: 'RETURNED',
  DENIED: 'FAILED',
};

/**
 * Applies one of PayPal's payout events (DESIGN §17), only once PayPal has
 * said it signed these very bytes, and reading nothing but them. An item event
 * moves its payout to the state it names; a batch event has its payout read
 * back. Each event id is applied once, in the transaction that applies it,
 * and a state never moves backwards, so a replayed or late event changes
 * nothing. An event for no payout of ours is taken and ignored.
 */
export async function applyPayPalEvent(
  s: Sending,
  paypal: PayPal,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
) {
  const verified = await askedNow('PayPal', () => paypal.verifyWebhook(headers, rawBody));
  if (!verified) throw badRequest('This event is not signed by PayPal', 'bad_signature');
  const event = JSON.parse(rawBody) as PayPalEvent;
  const resource = event.resource ?? {};
  const batchId = resource.payout_batch_id ?? resource.batch_header?.payout_batch_id;
  const ourId =
    resource.payout_item?.sender_item_id ??
    resource.sender_batch_id ??
    resource.batch_header?.sender_batch_header?.sender_batch_id;
  const byId = ourId && isUuid(ourId) ? eq(withdrawals.id, ourId) : undefined;
  const byRef = batchId ? eq(withdrawals.providerRef, batchId) : undefined;
  if (!byId && !byRef) return;
  const [payout] = await s.db
    .select({ id: withdrawals.id, providerRef: withdrawals.providerRef })
    .from(withdrawals)
    .where(or(byId, byRef));
  if (!payout) return;

  const item = event.event_type.match(/^PAYMENT\.PAYOUTS-ITEM\.([A-Z_]+)$/)?.[1];
  // A batch event, or an item event without its state: where the payout stands is read from PayPal.
  const reading =
    item && ITEM_EVENT_STATES[item]
      ? {
          ref: batchId ?? payout.providerRef,
          itemRef: resource.payout_item_id ?? null,
          status: paypalState(ITEM_EVENT_STATES[item]!),
          reason: resource.errors?.message ?? null,
        }
      : batchId
        ? await askedNow('PayPal', () => paypal.read(batchId))
        : undefined;
  if (reading) await applyOnce(s, { provider: 'paypal', id: event.id }, payout.id, reading);
}

/**
 * Applies one of Tremendous's events (DESIGN §17), only when the HMAC of its
 * bytes matches: the reward or order it names is read back from Tremendous,
 * and where the payout stands is recorded, once per event id.
 */
export async function applyTremendousEvent(
  s: Sending,
  tremendous: Tremendous,
  signature: string | undefined,
  rawBody: string,
) {
  if (!tremendous.verifyWebhook(signature, rawBody))
    throw badRequest('This event is not signed by Tremendous', 'bad_signature');
  const event = JSON.parse(rawBody) as { uuid: string; payload?: { resource?: { id?: string } } };
  const resourceId = event.payload?.resource?.id;
  if (!resourceId) return;
  const [payout] = await s.db
    .select({ id: withdrawals.id, providerRef: withdrawals.providerRef })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.provider, 'tremendous'),
        or(eq(withdrawals.providerItemRef, resourceId), eq(withdrawals.providerRef, resourceId)),
      ),
    );
  if (!payout?.providerRef) return;
  const reading = await askedNow('Tremendous', () => tremendous.read(payout.providerRef!));
  await applyOnce(s, { provider: 'tremendous', id: event.uuid }, payout.id, reading);
}
