import { z } from 'zod';
import { adminReason, pathId } from './common';
import { api, endpoint } from './endpoint';

/**
 * Four eyes on money (DESIGN §12): a correction of at least this many pounds or entries, either
 * way, any change of the wheel's odds, paying a withdrawal of at least the cash threshold,
 * cancelling a prize after its entries closed and passing one place on a second time wait for a
 * second member of staff.
 */
export const APPROVAL_CASH_POUNDS = 20;
export const APPROVAL_ENTRIES = 1000;

/** Whether a correction of `amount` (pounds, or entries) waits for a second member of staff. */
export const correctionNeedsApproval = (account: 'entries' | 'cash', amount: number) =>
  Math.abs(amount) >= (account === 'cash' ? APPROVAL_CASH_POUNDS : APPROVAL_ENTRIES);

/** Whether paying a withdrawal of `pounds` waits for a second member of staff. */
export const payoutNeedsApproval = (pounds: number) => pounds >= APPROVAL_CASH_POUNDS;

export const APPROVAL_KINDS = ['correction', 'odds', 'payout', 'prize_cancel', 'pass_on'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** What the console says when a change waits for a second member of staff. */
export const APPROVAL_WAITING =
  'Sent for approval: another member of staff must approve it before it happens.';

/** What the console calls each kind. */
export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  correction: 'Balance correction',
  odds: 'Wheel odds',
  payout: 'Withdrawal payment',
  prize_cancel: 'Cancelling a closed prize',
  pass_on: 'Passing a place on again',
};

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
  /** Every member of staff: those who decide see everything, the rest what they asked for themselves. */
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
