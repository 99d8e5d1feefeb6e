import { z } from 'zod';
import { approvalResponse } from './approvals';
import { bulkIds, bulkResults, emailField, nextCursor, pageQuery, pathId, plainText } from './common';
import { api, endpoint } from './endpoint';
import { MIN_WITHDRAWAL_PENCE, WITHDRAWAL_METHODS } from './gamification-rules';
import { penceToPounds } from './money';
import { PAYOUT_PROVIDERS, payoutStep, WITHDRAWAL_STATUSES } from './payouts';
import { risk } from './risk';

export const withdrawal = z.object({
  _id: z.string(),
  amount: z.number().describe('pounds'),
  method: z.enum(WITHDRAWAL_METHODS),
  status: z.enum(WITHDRAWAL_STATUSES),
  requestedAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
  /** Who pays it, once it is approved: PayPal's Payouts API, or staff by hand. */
  provider: z.enum(PAYOUT_PROVIDERS).nullable(),
  /** Each state it reached, oldest first (DESIGN §17). */
  timeline: z.array(payoutStep),
  /** The step it waits for and when that is expected, or null once it is final. */
  next: z.object({ status: z.enum(WITHDRAWAL_STATUSES), by: z.iso.datetime() }).nullable(),
  /** Why it failed, came back or was reversed (its cash is back in the balance), or null. */
  failureReason: z.string().nullable(),
  /** The cash prize it pays, or null for a withdrawal from the cash balance. */
  prizeId: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

/** Why a member cannot ask for a payout now, in words they can act on. */
export const WITHDRAWAL_BLOCKS = ['email_unverified', 'account_too_new', 'cashouts_held'] as const;

export const cashResponse = z.object({
  cash: z.number().describe('pounds'),
  /** The part of the balance that has settled and can be withdrawn now. */
  available: z.number().describe('pounds'),
  /** Cash credited less than CASH_SETTLING_HOURS ago, earliest to settle first. */
  settling: z.array(z.object({ amount: z.number().describe('pounds'), availableAt: z.iso.datetime() })),
  /** Why no withdrawal can be asked for now, whatever the balance, or null. */
  blocked: z
    .object({
      code: z.enum(WITHDRAWAL_BLOCKS),
      message: z.string(),
      until: z.iso.datetime().nullable().describe('when it lifts by itself, if it does'),
    })
    .nullable(),
});
export type CashResponse = z.infer<typeof cashResponse>;

/** The member's own payouts, newest first, in pages (DESIGN §11); their cash history is `/api/users/history`. */
export const myWithdrawalsQuery = z.strictObject(pageQuery);
export const myWithdrawalsResponse = z.object({ withdrawals: z.array(withdrawal), nextCursor });

const amount = z
  .number({ error: 'Enter an amount in pounds' })
  .min(
    penceToPounds(MIN_WITHDRAWAL_PENCE),
    `The smallest withdrawal is £${penceToPounds(MIN_WITHDRAWAL_PENCE)}`,
  )
  .max(100_000, 'That is more than anyone can hold')
  .multipleOf(0.01, 'Enter pounds and pence, such as 5.50');

const paypal = { method: z.literal('paypal'), paypalEmail: emailField };
const bank = {
  method: z.literal('bank'),
  sortCode: z
    .string({ error: 'Sort code is required' })
    .trim()
    .regex(/^\d{2}-?\d{2}-?\d{2}$/, 'Enter a sort code such as 12-34-56')
    .transform((s) => s.replaceAll('-', '')),
  accountNumber: z
    .string({ error: 'Account number is required' })
    .trim()
    .regex(/^\d{8}$/, 'Enter an 8-digit account number'),
  accountName: plainText('Name on the account', 100),
};
const HOW_TO_PAY = 'Choose PayPal or bank transfer';

/** Where money goes to a member: PayPal or a UK bank account (a withdrawal, or a cash prize's claim). */
export const payoutDetails = z.discriminatedUnion('method', [z.strictObject(paypal), z.strictObject(bank)], {
  error: HOW_TO_PAY,
});
export type PayoutDetails = z.output<typeof payoutDetails>;

export const withdrawalBody = z.discriminatedUnion(
  'method',
  [z.strictObject({ ...paypal, amount }), z.strictObject({ ...bank, amount })],
  { error: HOW_TO_PAY },
);
export type WithdrawalBody = z.input<typeof withdrawalBody>;
export type WithdrawalRequest = z.output<typeof withdrawalBody>;

export const withdrawalResponse = z.object({ withdrawal, cash: z.number().describe('pounds') });

export const adminWithdrawal = withdrawal.extend({
  user: z.object({
    _id: z.string(),
    username: z.string(),
    email: z.string(),
    cash: z.number().describe('pounds: their cash balance now, which a rejection returns the amount to'),
  }),
  /** The payment reference typed for a manual payment, once it is paid. */
  reference: z.string().nullable(),
  /** The provider's id for the payout (PayPal's payout batch), once it has it. */
  providerRef: z.string().nullable(),
  /** Who paid or rejected it; null when its provider settled it. */
  settledBy: z.object({ _id: z.string(), username: z.string() }).nullable(),
  details: z
    .record(z.string(), z.string())
    .describe('where to pay: PayPal email, or sort code, account and name'),
  /** The member's fraud signals: paying them needs `acknowledgeSignals`. */
  risk,
  /** Why it cannot be paid now (the member is suspended, or their cashouts are held), or null. */
  held: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
const STATUS_CHOICE = `status must be one of ${WITHDRAWAL_STATUSES.join(', ')}`;
export const adminWithdrawalsQuery = z.strictObject({
  status: z.enum(WITHDRAWAL_STATUSES, { error: STATUS_CHOICE }).default('pending'),
  ...pageQuery,
});
export const adminWithdrawalsResponse = z.object({ withdrawals: z.array(adminWithdrawal), nextCursor });
export const exportWithdrawalsQuery = z.strictObject({
  status: z.enum(WITHDRAWAL_STATUSES, { error: STATUS_CHOICE }).optional(),
});
const paymentReference = plainText('The payment reference', 100);
/**
 * Marking paid records the provider's reference (a PayPal transaction or the bank's payment reference);
 * from a member with fraud signals the admin also confirms they have seen them.
 */
export const payWithdrawalBody = z.strictObject({
  reference: paymentReference,
  acknowledgeSignals: z.boolean({ error: 'acknowledgeSignals must be true or false' }).optional(),
});
/**
 * Several paid in one batch under one reference (a PayPal payout batch, a bank's bulk payment). Members
 * with fraud signals are paid one at a time, after looking at them.
 */
export const payWithdrawalsBody = z.strictObject({
  ids: bulkIds('the withdrawals to mark paid', 'Withdrawal not found'),
  reference: paymentReference,
});
/** Each one paid, waiting for approval, or refused with the reason. */
export const payWithdrawalsResponse = bulkResults(['paid', 'approval', 'refused']);

/** Sending approves a payout and hands it to its provider; from a member with fraud signals, once they are acknowledged. */
export const sendWithdrawalBody = z.strictObject({
  acknowledgeSignals: z.boolean({ error: 'acknowledgeSignals must be true or false' }).optional(),
});
/** Several sent at once, each as if alone; members with fraud signals are sent one at a time. */
export const sendWithdrawalsBody = z.strictObject({
  ids: bulkIds('the withdrawals to send', 'Withdrawal not found'),
});
export const sendWithdrawalsResponse = bulkResults(['sent', 'approval', 'refused']);

export const adminWithdrawalResponse = z.object({ withdrawal: adminWithdrawal });
export const withdrawalParams = z.object({ id: pathId('Withdrawal not found') });

/** The cash balance's calls (DESIGN §14): a member's balance and payouts, and staff settling them. */
export const cashApi = api('cash', {
  cash: endpoint({
    summary: "The member's cash, and what is still settling",
    method: 'GET',
    path: '/api/users/cash',
    auth: 'member',
    tags: ['cash'],
    responses: { 200: cashResponse },
  }),
  withdrawals: endpoint({
    summary: "The member's withdrawals, in pages",
    method: 'GET',
    path: '/api/users/withdrawals',
    auth: 'member',
    tags: ['cash'],
    query: myWithdrawalsQuery,
    responses: { 200: myWithdrawalsResponse },
  }),
  requestWithdrawal: endpoint({
    summary: 'Asks to withdraw settled cash',
    method: 'POST',
    path: '/api/users/withdrawals',
    auth: 'member',
    tags: ['cash'],
    body: withdrawalBody,
    responses: { 201: withdrawalResponse },
    // 403 while the email is unverified, the account is new or cashouts are held; 409 while the cash
    // settles, and for staff, who are never paid (staff_account).
    errors: [403, 409],
  }),
  adminWithdrawals: endpoint({
    summary: 'Withdrawals, filtered and paged',
    method: 'GET',
    path: '/api/admin/withdrawals',
    auth: { staff: 'payouts' },
    tags: ['admin'],
    query: adminWithdrawalsQuery,
    responses: { 200: adminWithdrawalsResponse },
  }),
  /** Paying a member with fraud signals needs `acknowledgeSignals`. */
  markPaid: endpoint({
    summary: "Marks a withdrawal paid with the provider's reference",
    method: 'POST',
    path: '/api/admin/withdrawals/:id/paid',
    auth: { staff: 'payouts', recent: true },
    tags: ['admin'],
    params: withdrawalParams,
    body: payWithdrawalBody,
    // 202, waiting for a second member of staff, for a member with fraud signals or once a day's
    // payments and corrections to them, or by this member of staff alone, reach the threshold.
    responses: { 200: adminWithdrawalResponse, 202: approvalResponse },
    errors: [409],
  }),
  markManyPaid: endpoint({
    summary: 'Marks several withdrawals paid at once',
    method: 'POST',
    path: '/api/admin/withdrawals/paid',
    auth: { staff: 'payouts', recent: true },
    tags: ['admin'],
    body: payWithdrawalsBody,
    // Each one as if marked alone: paid, waiting for approval, or refused with the reason.
    responses: { 200: payWithdrawalsResponse },
  }),
  /**
   * Approves a payout and hands it to the provider of its method (DESIGN §17): PayPal for a PayPal
   * address when PayPal is configured, else by hand (then marked paid with its reference).
   */
  send: endpoint({
    summary: 'Approves a withdrawal and sends it to its provider',
    method: 'POST',
    path: '/api/admin/withdrawals/:id/send',
    auth: { staff: 'payouts', recent: true },
    tags: ['admin'],
    params: withdrawalParams,
    body: sendWithdrawalBody,
    // 202 waiting for a second member of staff, as a payment does (markPaid).
    responses: { 200: adminWithdrawalResponse, 202: approvalResponse },
    errors: [409],
  }),
  sendMany: endpoint({
    summary: 'Approves and sends several withdrawals at once',
    method: 'POST',
    path: '/api/admin/withdrawals/send',
    auth: { staff: 'payouts', recent: true },
    tags: ['admin'],
    body: sendWithdrawalsBody,
    responses: { 200: sendWithdrawalsResponse },
  }),
  /**
   * Cancels a payout: one not yet sent is rejected, its money back to the member; an unclaimed PayPal
   * payout is taken back from PayPal and returned.
   */
  cancel: endpoint({
    summary: 'Cancels a payout not yet sent, or one unclaimed',
    method: 'POST',
    path: '/api/admin/withdrawals/:id/cancel',
    auth: { staff: 'payouts', recent: true },
    tags: ['admin'],
    params: withdrawalParams,
    responses: { 200: adminWithdrawalResponse },
    errors: [409],
  }),
  /** Sends an approved payout to its provider now, rather than after the wait a failure on its side set. */
  retry: endpoint({
    summary: 'Sends an approved payout to its provider again now',
    method: 'POST',
    path: '/api/admin/withdrawals/:id/retry',
    auth: { staff: 'payouts', recent: true },
    tags: ['admin'],
    params: withdrawalParams,
    responses: { 200: adminWithdrawalResponse },
    errors: [409],
  }),
  /** Rejects a request, which returns the money to the member. */
  reject: endpoint({
    summary: 'Rejects a withdrawal',
    method: 'POST',
    path: '/api/admin/withdrawals/:id/reject',
    auth: { staff: 'payouts' },
    tags: ['admin'],
    params: withdrawalParams,
    responses: { 200: adminWithdrawalResponse },
    errors: [400, 409],
  }),
});

/** The withdrawals' file for the payments team (DESIGN §14); the other CSV exports are with their features. */
export const cashExportsApi = api('cashExports', {
  withdrawals: endpoint({
    summary: 'Withdrawals as a CSV file',
    method: 'GET',
    path: '/api/admin/export/withdrawals.csv',
    auth: { staff: 'payouts' },
    tags: ['admin'],
    query: exportWithdrawalsQuery,
    responses: {
      200: { raw: 'text/csv', description: 'Every withdrawal, or those in one state, oldest first' },
    },
  }),
});
