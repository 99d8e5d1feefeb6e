import { z } from 'zod';
import { cursorQuery, emailField, NOT_BLANK, nextCursor, pageQuery } from './common';
import { api, endpoint } from './endpoint';

/** Every kind of admin write the audit log records (DESIGN §8), by the thing it changes. */
export const AUDIT_ACTIONS = [
  'prize.create',
  'prize.update',
  'prize.cancel',
  'prize.draw',
  'draws.check',
  'payouts.weekly',
  'winner.notify',
  'winner.disqualify',
  'winner.unclaimed',
  'winner.under_18',
  'winner.dispatch',
  'winner.delivered',
  'task.create',
  'task.update',
  'wheel.odds',
  'withdrawal.paid',
  'withdrawal.reject',
  'withdrawal.approve',
  'withdrawal.send',
  'withdrawal.update',
  'withdrawal.cancel',
  'user.adjust',
  'user.suspend',
  'user.unsuspend',
  'user.hold_cashouts',
  'user.release_cashouts',
  'user.resend_verification',
  'user.verify_email',
  'user.note',
  'user.appeal_decide',
  'user.missing_credit_refuse',
  'review.clear',
  'message.status',
  'message.reply',
  'mail.test',
  'offerwall.create',
  'offerwall.update',
  'referral.pay',
  'referral.refuse',
  'staff.role',
  'staff.two_factor_reset',
  'staff.invite',
  'staff.invite_withdraw',
  'staff.invite_accept',
  'approval.request',
  'approval.approve',
  'approval.reject',
  'settings.approval_thresholds',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Each action in words, as the Audit tab and the audit file show it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'prize.create': 'Prize created',
  'prize.update': 'Prize edited',
  'prize.cancel': 'Prize cancelled',
  'prize.draw': 'Prize drawn',
  'draws.check': 'Draw check run',
  'payouts.weekly': 'Weekly leaderboard prizes paid',
  'winner.notify': 'Winner marked notified',
  'winner.disqualify': 'Winner disqualified',
  'winner.unclaimed': 'Unclaimed win passed on',
  'winner.under_18': 'Win passed on: under 18',
  'winner.dispatch': 'Prize dispatched',
  'winner.delivered': 'Prize delivered',
  'task.create': 'Task created',
  'task.update': 'Task edited',
  'wheel.odds': 'Wheel odds changed',
  'withdrawal.paid': 'Withdrawal paid',
  'withdrawal.reject': 'Withdrawal refused',
  'withdrawal.approve': 'Withdrawal approved to send',
  'withdrawal.send': 'Payout sent to its provider',
  'withdrawal.update': 'Payout moved by its provider',
  'withdrawal.cancel': 'Payout cancelled',
  'user.adjust': 'Balance corrected',
  'user.suspend': 'Member suspended',
  'user.unsuspend': 'Suspension lifted',
  'user.hold_cashouts': 'Cashouts held',
  'user.release_cashouts': 'Cashouts released',
  'user.resend_verification': 'Verification link sent again',
  'user.verify_email': 'Email marked verified',
  'user.note': 'Note added',
  'user.appeal_decide': 'Appeal decided',
  'user.missing_credit_refuse': 'Missing credit refused',
  'review.clear': 'Review cleared',
  'message.status': 'Message status changed',
  'message.reply': 'Message answered',
  'mail.test': 'Test email sent',
  'offerwall.create': 'Offer wall added',
  'offerwall.update': 'Offer wall edited',
  'referral.pay': 'Held referral paid',
  'referral.refuse': 'Held referral refused',
  'staff.role': 'Staff role changed',
  'staff.two_factor_reset': 'Two-step verification reset',
  'staff.invite': 'Invited to the staff',
  'staff.invite_withdraw': 'Staff invitation withdrawn',
  'staff.invite_accept': 'Staff invitation accepted',
  'approval.request': 'Approval asked for',
  'approval.approve': 'Request approved',
  'approval.reject': 'Request rejected',
  'settings.approval_thresholds': 'Approval thresholds changed',
};

export const auditQuery = z.strictObject({
  action: z.enum(AUDIT_ACTIONS, { error: 'Choose an action from the list' }).optional(),
  actorId: z.uuid({ error: 'actorId must be an id' }).optional(),
  targetId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\p{Cc}]+$/u, 'targetId has characters that are not allowed')
    .regex(NOT_BLANK)
    .optional(),
  /** A member's (or staff's) email: what was done to that account or by it; 404 when no account has it. */
  email: emailField.optional(),
  ...pageQuery,
});
export type AuditQuery = z.infer<typeof auditQuery>;
/** What the log is filtered by, apart from the page. */
export type AuditFilter = Omit<AuditQuery, 'cursor' | 'limit'>;

export const auditEvent = z.object({
  _id: z.string(),
  at: z.iso.datetime(),
  /** The admin, or null for the site's own scheduled jobs. */
  actor: z.object({ _id: z.string(), username: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string(),
  targetId: z.string(),
  summary: z.string(),
  changes: z
    .object({
      before: z.record(z.string(), z.unknown()).optional(),
      after: z.record(z.string(), z.unknown()).optional(),
    })
    .nullable(),
  ip: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEvent>;
export const auditResponse = z.object({ events: z.array(auditEvent), nextCursor });

/** How many rows one call of the chain's check reads: a long log is checked in parts, each as quick as a short log. */
export const AUDIT_VERIFY_ROWS = 10_000;

/** Where a check goes on from: the cursor the part before it answered; none to start from the first row. */
export const auditVerifyQuery = z.strictObject({ cursor: cursorQuery });

/** The chain's head as signed on a day (DESIGN §15), as GET /api/audit/heads publishes it. */
export const auditHead = z.object({
  /** The last row's id then. */
  lastId: z.string(),
  rowCount: z.number().int(),
  /** That row's hash. */
  hash: z.string(),
  signedAt: z.iso.datetime(),
  /** Hex Ed25519 signature of the lines "prizedraw audit head", lastId, rowCount, hash, signedAt; null if unsigned. */
  signature: z.string().nullable(),
  publicKey: z.string().nullable(),
});
export type AuditHead = z.infer<typeof auditHead>;
export const auditHeadsResponse = z.object({
  /** The key today's heads are signed with (hex), or null when AUDIT_SIGNING_KEY is not set. */
  publicKey: z.string().nullable(),
  /** The newest heads, newest first. */
  heads: z.array(auditHead),
});

export const auditVerifyResponse = z.object({
  intact: z.boolean(),
  /**
   * Why not: a row that does not follow from the ones before it (row_changed), or the newest signed
   * head naming a row that is gone (rows_cut) or differs from it (row_changed); null when intact.
   */
  problem: z.enum(['row_changed', 'rows_cut']).nullable(),
  /** The head the chain was checked against, on the first part of a check; null when there is none yet. */
  head: auditHead.nullable(),
  /** Rows checked by this call. */
  checked: z.number().int(),
  /** The first row whose hash does not follow from the rows before it, or null. */
  firstBrokenId: z.string().nullable(),
  /** Where the next part starts, while rows are left to check and none was broken. */
  nextCursor,
});
export type AuditVerify = z.infer<typeof auditVerifyResponse>;

/** The audit log filtered as the CSV export takes it: the whole log, no page. */
export const auditExportQuery = auditQuery.omit({ cursor: true, limit: true });

/** The audit chain's signed heads for anyone; the log, its check and its file for staff (DESIGN §14). */
export const auditApi = api('audit', {
  heads: endpoint({
    summary: "The audit chain's signed heads, for anyone to check",
    method: 'GET',
    path: '/api/audit/heads',
    auth: 'none',
    tags: ['audit'],
    responses: { 200: auditHeadsResponse },
  }),
  list: endpoint({
    summary: 'The audit log, newest first, filtered and paged',
    method: 'GET',
    path: '/api/admin/audit',
    auth: { staff: 'reports' },
    tags: ['admin'],
    query: auditQuery,
    responses: { 200: auditResponse },
    errors: [404],
  }),
  verify: endpoint({
    summary: 'Checks the audit chain against its newest signed head',
    method: 'GET',
    path: '/api/admin/audit/verify',
    auth: { staff: 'reports' },
    tags: ['admin'],
    query: auditVerifyQuery,
    responses: { 200: auditVerifyResponse },
  }),
  csv: endpoint({
    summary: 'The audit log as a CSV file',
    method: 'GET',
    path: '/api/admin/export/audit.csv',
    auth: { staff: 'reports' },
    tags: ['admin'],
    query: auditExportQuery,
    responses: { 200: { raw: 'text/csv', description: 'The audit log, filtered as asked, newest first' } },
    errors: [404],
  }),
});
