import { z } from 'zod';
import { adminReason, pathId } from './common';
import { api, endpoint } from './endpoint';
import { roleCan, type StaffPermission, type StaffRole } from './staff';

/**
 * Four eyes (DESIGN §12, §16): what one member of staff may move alone is bounded by sums, not by
 * calls. A correction or a payout waits for a second member of staff when it would bring what one
 * member has received, or what one member of staff has moved alone, in the last
 * APPROVAL_WINDOW_HOURS to the server's thresholds (APPROVAL_CASH_POUNDS, APPROVAL_ENTRIES), counted
 * apart for cash and entries, either way. Paying a member with fraud signals, any change of the
 * wheel's odds, cancelling a prize after its entries closed and disqualifying a drawn winner always
 * wait.
 */
export const APPROVAL_WINDOW_HOURS = 24;

export const APPROVAL_KINDS = [
  'correction',
  'odds',
  'payout',
  'prize_cancel',
  'pass_on',
  'missing_credit',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** What the console says before a correction or payment is sent: whether it waits is the server's sum. */
export const APPROVAL_DAY_RULE = `Corrections and payments count together over ${APPROVAL_WINDOW_HOURS} hours: once what a member received, or what you moved alone, reaches the approval limit, it waits for another member of staff.`;

/** What the console says when a change waits for a second member of staff. */
export const APPROVAL_WAITING =
  'Sent for approval: another member of staff must approve it before it happens.';

/** What the console calls each kind. */
export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  correction: 'Balance correction',
  odds: 'Wheel odds',
  payout: 'Withdrawal payment',
  prize_cancel: 'Cancelling a closed prize',
  pass_on: 'Disqualifying a winner',
  missing_credit: 'Crediting a missing offer',
};

/**
 * Who may decide on each kind, besides whoever asked (DESIGN §16): whose role holds the permission
 * the change itself needs (finance for money, the wheel's odds included, as they set what it pays
 * out; admin for prizes and their winners). The owner holds every one.
 */
export const APPROVER_PERMISSION = {
  correction: 'corrections',
  payout: 'payouts',
  odds: 'payouts',
  prize_cancel: 'prizes',
  pass_on: 'prizes',
  missing_credit: 'corrections',
} as const satisfies Record<ApprovalKind, StaffPermission>;

/** Whether `role` may decide on an approval of `kind` (not their own: that is checked apart). */
export const mayDecide = (role: StaffRole | null | undefined, kind: ApprovalKind) =>
  roleCan(role, APPROVER_PERMISSION[kind]);

const staffName = z.object({ _id: z.string(), username: z.string() });

export const approval = z.object({
  _id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  /** What will happen once approved, in words ("Alice Tester: +£25.00 cash, balance £6.00 → £31.00"). */
  summary: z.string(),
  requestedBy: staffName,
  requestedAt: z.iso.datetime(),
  decidedBy: staffName.nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  /**
   * What approving it would do now, read afresh for the one who decides ("Alice Tester: +£25.00
   * cash, balance £12.00 → £37.00"): a waiting correction's, whose member's balance may have moved
   * since it was asked; null otherwise, where the summary says it.
   */
  effect: z.string().nullable(),
});
export type Approval = z.infer<typeof approval>;

/** What a change that waits answers (202, nothing has changed yet), and what deciding on one answers. */
export const approvalResponse = z.object({ approval });
export type ApprovalResponse = z.infer<typeof approvalResponse>;

export const approvalsQuery = z.strictObject({
  status: z
    .enum(APPROVAL_STATUSES, { error: 'status must be pending, approved or rejected' })
    .default('pending'),
});

const approvalParams = z.object({ id: pathId('Approval not found') });
const tags = ['approvals'];

/** Approving or rejecting what another member of staff asked for (DESIGN §12). */
export const approvalsApi = api('approvals', {
  /** Every member of staff: what they asked for, and what their role may decide (APPROVER_PERMISSION). */
  list: endpoint({
    summary: 'Changes waiting for a second member of staff',
    method: 'GET',
    path: '/api/admin/approvals',
    auth: { staff: 'members' },
    tags,
    query: approvalsQuery,
    responses: { 200: z.object({ approvals: z.array(approval) }) },
  }),
  /**
   * Applies the change, once, in the approver's transaction. The asker cannot approve their own
   * (403 own_request), nor anyone a payment or correction to themselves (409 own_account).
   */
  approve: endpoint({
    summary: 'Approves a change, which is then made once',
    method: 'POST',
    path: '/api/admin/approvals/:id/approve',
    auth: { staff: 'approvals', recent: true },
    writes: ['leaderboard', 'wheel', 'prizes', 'winners'],
    tags,
    params: approvalParams,
    responses: { 200: approvalResponse },
    // 400 or 409 as the change itself answers, when it can no longer be made as asked.
    errors: [400, 409],
  }),
  reject: endpoint({
    summary: 'Rejects a change, with a reason',
    method: 'POST',
    path: '/api/admin/approvals/:id/reject',
    auth: { staff: 'approvals' },
    tags,
    params: approvalParams,
    body: z.strictObject({ reason: adminReason }),
    responses: { 200: approvalResponse },
    errors: [409],
  }),
});
