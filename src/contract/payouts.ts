import { z } from 'zod';
import { DAY_MS } from './constants';
import { api, endpoint } from './endpoint';

/**
 * A withdrawal is its own payout (DESIGN §17): it moves through these states
 * and never back. `rejected` is refused before approval (or cancelled before
 * it was sent); `failed`, `returned` and `reversed` gave the cash back.
 */
export const WITHDRAWAL_STATUSES = [
  'pending',
  'approved',
  'submitted',
  'paid',
  'unclaimed',
  'failed',
  'returned',
  'reversed',
  'rejected',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * Where each state may go next. A move not listed is refused or, from a
 * provider, ignored as out of date: a late event never undoes a newer one.
 * `pending → paid` is the manual method's "paid" on a request not yet approved.
 */
export const WITHDRAWAL_MOVES: Record<WithdrawalStatus, readonly WithdrawalStatus[]> = {
  pending: ['approved', 'paid', 'rejected'],
  approved: ['submitted', 'paid', 'failed', 'rejected'],
  submitted: ['paid', 'unclaimed', 'failed', 'returned'],
  unclaimed: ['paid', 'returned'],
  paid: ['reversed'],
  failed: [],
  returned: [],
  reversed: [],
  rejected: [],
};

export const mayMove = (from: WithdrawalStatus, to: WithdrawalStatus) => WITHDRAWAL_MOVES[from].includes(to);

/** The states in which the cash has gone back to the member's balance. */
export const CASH_RETURNED: readonly WithdrawalStatus[] = ['failed', 'returned', 'reversed', 'rejected'];

/** Who pays a payout: PayPal's Payouts API, Tremendous's gift cards, or staff by hand with a typed reference. */
export const PAYOUT_PROVIDERS = ['paypal', 'tremendous', 'manual'] as const;
export type PayoutProvider = (typeof PAYOUT_PROVIDERS)[number];
/** Each provider's name, as the console and the audit log write it. */
export const PAYOUT_PROVIDER_NAMES: Record<PayoutProvider, string> = {
  paypal: 'PayPal',
  tremendous: 'Tremendous',
  manual: 'staff',
};
/** How a payout is paid, in words: "through PayPal", or "by hand". */
export const paidHow = (provider: PayoutProvider) =>
  provider === 'manual' ? 'by hand' : `through ${PAYOUT_PROVIDER_NAMES[provider]}`;

/** One step of a payout's way, as its member and staff see it. */
export const payoutStep = z.object({ status: z.enum(WITHDRAWAL_STATUSES), at: z.iso.datetime() });
export type PayoutStep = z.infer<typeof payoutStep>;

/** What each state is called on screen. */
export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  pending: 'Asked for',
  approved: 'Approved',
  submitted: 'Sent',
  paid: 'Paid',
  unclaimed: 'Unclaimed',
  failed: 'Failed',
  returned: 'Returned',
  reversed: 'Reversed',
  rejected: 'Rejected',
};

/**
 * How many days each next step usually takes, from the last one reached: the
 * date a member is told to expect it by. A manual payout goes from approved
 * straight to paid, by bank transfer or by hand.
 */
export const PAYOUT_EXPECTED_DAYS = {
  review: 2,
  sending: 1,
  manualPayment: 3,
  provider: 1,
  unclaimed: 30,
} as const;

/** The step a payout waits for next, and by when it is expected: null once it is final. */
export function nextStep(
  status: WithdrawalStatus,
  provider: PayoutProvider | null,
  since: Date,
): { status: WithdrawalStatus; by: Date } | null {
  const after = (days: number) => new Date(since.getTime() + days * DAY_MS);
  switch (status) {
    case 'pending':
      return { status: 'approved', by: after(PAYOUT_EXPECTED_DAYS.review) };
    case 'approved':
      return provider === 'manual' || provider === null
        ? { status: 'paid', by: after(PAYOUT_EXPECTED_DAYS.manualPayment) }
        : { status: 'submitted', by: after(PAYOUT_EXPECTED_DAYS.sending) };
    case 'submitted':
      return { status: 'paid', by: after(PAYOUT_EXPECTED_DAYS.provider) };
    case 'unclaimed':
      return { status: 'returned', by: after(PAYOUT_EXPECTED_DAYS.unclaimed) };
    default:
      return null;
  }
}

/** A provider's webhook event: read from the very bytes its signature covers, so the contract checks only its shape. */
export const paypalWebhookBody = z.looseObject({
  id: z.string({ error: 'id is required' }).min(1).max(200),
  event_type: z.string({ error: 'event_type is required' }).min(1).max(200),
});

/** Tremendous's webhook event: read from the bytes its HMAC covers. */
export const tremendousWebhookBody = z.looseObject({
  event: z.string({ error: 'event is required' }).min(1).max(200),
  uuid: z.string({ error: 'uuid is required' }).min(1).max(200),
});

/** Each payout provider, on or off, and what it still needs: a provider with no keys is off (DESIGN §17). */
export const payoutProvidersResponse = z.object({
  providers: z.array(
    z.object({
      name: z.enum(PAYOUT_PROVIDERS),
      on: z.boolean(),
      /** What it pays, or why it is off and what to set. */
      note: z.string(),
      /** What its account holds to pay with, where its API says (pounds); null otherwise. */
      balance: z.number().nullable(),
      /** Whether that is below PAYOUT_LOW_BALANCE_POUNDS. */
      low: z.boolean(),
    }),
  ),
});
export type PayoutProviders = z.infer<typeof payoutProvidersResponse>;

/** The providers' calls to us (DESIGN §17), each verified before anything is read from it, and staff's view of them. */
export const payoutsApi = api('payouts', {
  providers: endpoint({
    summary: 'The payout providers, on or off',
    method: 'GET',
    path: '/api/admin/payouts/providers',
    auth: { staff: 'payouts' },
    tags: ['admin'],
    responses: { 200: payoutProvidersResponse },
  }),
  paypalWebhook: endpoint({
    summary: "PayPal's payout events",
    method: 'POST',
    path: '/api/payouts/webhooks/paypal',
    auth: 'none',
    tags: ['payouts'],
    description:
      'Called by PayPal, not people. Verified with PayPal (verify-webhook-signature); 400 when it cannot be, and nothing changes. Each event is applied once, in any order.',
    body: paypalWebhookBody,
    responses: { 200: z.object({ received: z.literal(true) }) },
    errors: [400],
  }),
  tremendousWebhook: endpoint({
    summary: "Tremendous's reward and order events",
    method: 'POST',
    path: '/api/payouts/webhooks/tremendous',
    auth: 'none',
    tags: ['payouts'],
    description:
      'Called by Tremendous, not people. Verified by the HMAC-SHA256 of the body in Tremendous-Webhook-Signature; 400 when it does not match, and nothing changes. The payout is then read back from Tremendous, once per event.',
    body: tremendousWebhookBody,
    responses: { 200: z.object({ received: z.literal(true) }) },
    errors: [400],
  }),
});
