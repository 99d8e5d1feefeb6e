import type { WithdrawalStatus } from '../../../contract/payouts';

/**
 * PayPal's item states, as ours (DESIGN §17); those that change nothing
 * (PENDING, ONHOLD, and any PayPal adds) map to null.
 */
const PAYPAL_STATES: Record<string, WithdrawalStatus> = {
  SUCCESS: 'paid',
  FAILED: 'failed',
  BLOCKED: 'failed',
  UNCLAIMED: 'unclaimed',
  RETURNED: 'returned',
  REFUNDED: 'returned',
  REVERSED: 'reversed',
};

export const paypalState = (state: string): WithdrawalStatus | null =>
  PAYPAL_STATES[state.toUpperCase()] ?? null;
