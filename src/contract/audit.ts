import { z } from 'zod';
import { cursorQuery, nextCursor, pageQuery } from './common';
import { endpoint } from './endpoint';

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
  'task.create',
  'task.update',
  'wheel.odds',
  'withdrawal.paid',
  'withdrawal.reject',
  'user.adjust',
  'user.suspend',
  'user.unsuspend',
  'user.hold_cashouts',
  'user.release_cashouts',
  'user.resend_verification',
  'user.note',
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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditQuery = z.strictObject({
  action: z.enum(AUDIT_ACTIONS, { error: 'Choose an action from the list' }).optional(),
  actorId: z.uuid({ error: 'actorId must be an id' }).optional(),
  targetId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\p{Cc}]+$/u, 'targetId has characters that are not allowed')
    .optional(),
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
export const auditApi = {
  heads: endpoint({
    method: 'GET',
    path: '/api/audit/heads',
    auth: 'none',
    tags: ['audit'],
    responses: { 200: auditHeadsResponse },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    auth: { staff: 'reports' },
    tags: ['admin'],
    query: auditQuery,
    responses: { 200: auditResponse },
  }),
  verify: endpoint({
    method: 'GET',
    path: '/api/admin/audit/verify',
    auth: { staff: 'reports' },
    tags: ['admin'],
    query: auditVerifyQuery,
    responses: { 200: auditVerifyResponse },
  }),
  csv: endpoint({
    method: 'GET',
    path: '/api/admin/export/audit.csv',
    auth: { staff: 'reports' },
    tags: ['admin'],
    query: auditExportQuery,
    responses: { 200: { raw: 'text/csv', description: 'The audit log, filtered as asked, newest first' } },
  }),
};
