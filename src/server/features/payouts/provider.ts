import type { WithdrawalStatus } from '../../../contract/payouts';

/** What a provider is asked to pay: our id (its idempotency key), whom, how much. */
export interface PayoutOrder {
  id: string;
  amountPence: number;
  currency: 'GBP';
  /** The PayPal email, or the gift card's recipient email. */
  receiver: string;
  /** Whom a gift card is for, by name. */
  recipientName?: string;
  /** What the recipient reads with it. */
  note: string;
}

/** Where a payout stands at its provider: its ids, and the state it maps to (null: no change yet). */
export interface ProviderReading {
  ref: string | null;
  itemRef: string | null;
  status: WithdrawalStatus | null;
  /** The provider's words when it failed. */
  reason: string | null;
}

/** A provider that pays on its own (DESIGN §17); `manual` is staff with a typed reference. */
export interface ProviderClient {
  readonly name: 'paypal' | 'tremendous';
  /** Pays an order; sent again with the same id, it pays nothing more and reads back the first. */
  send(order: PayoutOrder): Promise<ProviderReading>;
  /** Reads a payout back by the provider's id. */
  read(ref: string): Promise<ProviderReading>;
}

/** The provider could not be reached or failed on its side (5xx, a timeout): the same order may be sent again. */
export class ProviderUnavailable extends Error {}

/** The provider refused the order as it stands: sending it again would be refused again. */
export class ProviderRefused extends Error {}
