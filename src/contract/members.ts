import { z } from 'zod';
import { adminReason, nextCursor, pageQuery, pathId, plainText } from './common';
import { WITHDRAWAL_METHODS } from './gamification-rules';
import { PENCE_PER_POUND, poundsToPence } from './money';
import { MEMBER_STATUSES } from './operator-rules';
import { WITHDRAWAL_STATUSES } from './payouts';
import { PRIZE_STATUSES } from './prizes';
import { risk, riskSignal } from './risk';
import { staffRole } from './staff';
import { FORFEIT_REASONS } from './wins';

/** The calls under /api/admin/users: finding a member, reading their account, and acting on it (DESIGN §8). */

export const memberParams = z.object({ id: pathId('Member not found') });

export const memberSearchQuery = z.strictObject({
  /**
   * Any part of an email or a username (any case), a whole domain as `@example.com`, an exact id,
   * or a referral code; empty lists the newest.
   */
  q: z.string().trim().max(254, 'Search for at most 254 characters').optional(),
  /** Only members whose account stands so now. */
  status: z
    .enum(MEMBER_STATUSES, { error: 'status must be active, on_break, suspended or deleted' })
    .optional(),
  /** Only members whose cashouts are held. */
  held: z.enum(['true'], { error: 'held must be true' }).optional(),
  /** Only members whose risk score is at least this. */
  minRisk: z.coerce
    .number({ error: 'minRisk must be a whole number' })
    .int('minRisk must be a whole number')
    .min(1, 'minRisk must be at least 1')
    .max(1000, 'minRisk must be at most 1000')
    .optional(),
  ...pageQuery,
});
export type MemberSearchQuery = z.infer<typeof memberSearchQuery>;

export const memberSummary = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: z.iso.datetime(),
  availableEntries: z.number().int(),
  totalEntries: z.number().int(),
  cash: z.number().describe('pounds'),
  emailVerified: z.boolean(),
  status: z.enum(MEMBER_STATUSES),
  risk,
});
export type MemberSummary = z.infer<typeof memberSummary>;
export const memberSearchResponse = z.object({ users: z.array(memberSummary), nextCursor });

const since = z.iso.datetime();
/** The newest rows of a list on the member page, and how many there are in all. */
const latest = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number().int() });

export const memberNote = z.object({
  _id: z.string(),
  body: z.string(),
  author: z.object({ _id: z.string(), username: z.string() }),
  createdAt: z.iso.datetime(),
});
export type MemberNote = z.infer<typeof memberNote>;
export const memberNoteBody = z.strictObject({ body: plainText('The note', 2000) });

export const memberDetailResponse = z.object({
  user: memberSummary.extend({
    isAdmin: z.boolean().describe('any staff role'),
    role: staffRole.nullable(),
    referralCode: z.string(),
    referredBy: z.object({ _id: z.string(), username: z.string() }).nullable(),
    suspension: z.object({ reason: z.string(), since, until: z.iso.datetime().nullable() }).nullable(),
    cashoutHold: z.object({ reason: z.string(), since }).nullable(),
    /** A break the member took themselves: until when, or null for good. */
    break: z.object({ until: z.iso.datetime().nullable() }).nullable(),
  }),
  sessions: z.array(
    z.object({
      _id: z.string(),
      device: z.string(),
      ip: z.string().nullable(),
      deviceId: z.string().nullable(),
      createdAt: z.iso.datetime(),
      lastUsedAt: z.iso.datetime(),
    }),
  ),
  signals: z.array(riskSignal),
  referrals: latest(
    z.object({
      _id: z.string(),
      username: z.string(),
      createdAt: z.iso.datetime(),
      status: z.enum(MEMBER_STATUSES),
    }),
  ),
  wins: latest(
    z.object({
      prize: z.object({ _id: z.string(), title: z.string() }),
      position: z.number().int(),
      drawnAt: z.iso.datetime(),
      claimed: z.boolean(),
      forfeitReason: z.enum(FORFEIT_REASONS).nullable(),
    }),
  ),
  entries: latest(
    z.object({
      prize: z.object({ _id: z.string(), title: z.string(), status: z.enum(PRIZE_STATUSES) }),
      entries: z.number().int(),
      lastEnteredAt: z.iso.datetime(),
    }),
  ),
  withdrawals: latest(
    z.object({
      _id: z.string(),
      amount: z.number().describe('pounds'),
      method: z.enum(WITHDRAWAL_METHODS),
      status: z.enum(WITHDRAWAL_STATUSES),
      requestedAt: z.iso.datetime(),
    }),
  ),
  /** Staff's internal notes on the member, newest first; the member never sees them. */
  notes: latest(memberNote),
});
export type MemberDetail = z.infer<typeof memberDetailResponse>;

export const LEDGER_ACCOUNTS = ['entries', 'cash'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
export const ledgerQuery = z.strictObject({
  account: z.enum(LEDGER_ACCOUNTS, { error: 'account must be entries or cash' }).default('entries'),
  ...pageQuery,
});
export type LedgerQuery = z.infer<typeof ledgerQuery>;
/** The whole of one account's ledger, as a CSV file. */
export const ledgerCsvQuery = ledgerQuery.pick({ account: true });
export const ledgerRow = z.object({
  _id: z.string(),
  account: z.enum(LEDGER_ACCOUNTS),
  amount: z.number().describe('entries, or pounds for cash; negative when taken'),
  reason: z.string(),
  reference: z.string().nullable(),
  /** The task or ad a task row paid for, by name. */
  task: z.string().nullable(),
  /** The balance just after this row: entries, or pounds for cash. */
  balance: z.number(),
  at: z.iso.datetime(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;
export const ledgerResponse = z.object({ entries: z.array(ledgerRow), nextCursor });

/** The most one correction can move: past this it is a typo, not a correction. */
export const ADJUST_LIMITS = { entries: 1_000_000, cash: 10_000 } as const;
const amountRule = (type: 'integer' | 'number', limit: number) => ({
  type,
  minimum: -limit,
  maximum: limit,
  not: { const: 0 },
});

export const adjustBody = z
  .strictObject({
    account: z.enum(LEDGER_ACCOUNTS, { error: 'account must be entries or cash' }),
    amount: z.number({ error: 'Enter an amount' }),
    reason: adminReason,
  })
  .superRefine(({ account, amount }, issue) => {
    const limit = ADJUST_LIMITS[account];
    const fine =
      account === 'entries'
        ? Number.isInteger(amount) && amount !== 0 && Math.abs(amount) <= limit
        : Number.isFinite(amount) &&
          amount !== 0 &&
          Math.abs(amount) <= limit &&
          Math.abs(poundsToPence(amount) - amount * PENCE_PER_POUND) < 1e-6;
    if (!fine)
      issue.addIssue({
        code: 'custom',
        path: ['amount'],
        message:
          account === 'entries'
            ? `Enter a whole number of entries other than 0, at most ${limit.toLocaleString('en-GB')} either way`
            : `Enter pounds and pence other than 0, such as 5.50 or -2.25, at most £${limit.toLocaleString('en-GB')} either way`,
      });
  })
  // The same rule as JSON Schema states it, for the description: the amount's kind and bounds follow the account.
  .meta({
    anyOf: [
      { properties: { account: { const: 'entries' }, amount: amountRule('integer', ADJUST_LIMITS.entries) } },
      {
        properties: {
          account: { const: 'cash' },
          amount: { ...amountRule('number', ADJUST_LIMITS.cash), multipleOf: 0.01 },
        },
      },
    ],
  });
export type AdjustBody = z.infer<typeof adjustBody>;
export const adjustResponse = z.object({
  message: z.string(),
  balance: z.number().describe('the new balance: entries, or pounds for cash'),
});

export const suspendBody = z.strictObject({
  reason: adminReason,
  /** When the suspension ends by itself; without it, it lasts until lifted. */
  until: z.iso.datetime({ error: 'until must be a date and time' }).describe('In the future').optional(),
});
export type SuspendBody = z.infer<typeof suspendBody>;
/** Lifting a suspension, holding or releasing cashouts: each says why. */
export const reasonBody = z.strictObject({ reason: adminReason });
export type ReasonBody = z.infer<typeof reasonBody>;
export const memberActionResponse = z.object({ message: z.string(), user: memberDetailResponse.shape.user });

/**
 * Stripe's header: a retried write with the same key is answered as the first, and does nothing more
 * (the same key with a different request is refused with 409).
 */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1 to 255 visible ASCII characters')
    .optional(),
});
