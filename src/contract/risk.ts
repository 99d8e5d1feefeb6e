import { z } from 'zod';
import { adminReason, bulkIds, bulkResults, nextCursor, pageQuery, pathId } from './common';
import { api, endpoint } from './endpoint';
import { MEMBER_STATUSES, REVIEW_STATUSES, RISK_SIGNAL_CODES } from './operator-rules';

/** One fraud signal (DESIGN §8), with the other accounts it involves named. */
export const riskSignal = z.object({
  code: z.enum(RISK_SIGNAL_CODES),
  detail: z.string(),
  accounts: z.array(z.object({ _id: z.string(), username: z.string() })),
});
export type RiskSignal = z.infer<typeof riskSignal>;

/** A member's risk: the sum of their signals' weights (operator-rules.ts), and the signals. */
export const risk = z.object({ score: z.number().int(), signals: z.array(riskSignal) });
export type Risk = z.infer<typeof risk>;

export const reviewQuery = z.strictObject({
  status: z.enum(REVIEW_STATUSES, { error: 'status must be open, cleared or actioned' }).default('open'),
  ...pageQuery,
});

/** A member the Review tab lists, highest risk first. */
export const reviewRow = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: z.iso.datetime(),
  status: z.enum(MEMBER_STATUSES),
  risk,
  /** Where they stand in the queue, and who last looked, when and what they said. */
  review: z.object({
    status: z.enum(REVIEW_STATUSES),
    note: z.string().nullable(),
    by: z.object({ _id: z.string(), username: z.string() }).nullable(),
    at: z.iso.datetime().nullable(),
  }),
});
export type ReviewRow = z.infer<typeof reviewRow>;
export const reviewResponse = z.object({ members: z.array(reviewRow), nextCursor });

/** Why staff cleared a member: kept with them and in the audit log, as an admin's reason is. */
const reviewNote = adminReason;
export const clearBody = z.strictObject({ note: reviewNote });
export const reviewParams = z.object({ userId: pathId('Member not found') });
export const clearManyBody = z.strictObject({
  userIds: bulkIds('the members to clear', 'Member not found'),
  note: reviewNote,
});
export const holdManyBody = z.strictObject({
  userIds: bulkIds('the members whose cashouts to hold', 'Member not found'),
  reason: adminReason,
});
export const reviewActionResults = bulkResults(['done', 'refused']);

/** The Review tab (DESIGN §12, §14): the queue, and working it. */
export const riskApi = api('risk', {
  review: endpoint({
    summary: 'Members with fraud signals, highest risk first',
    method: 'GET',
    path: '/api/admin/review',
    auth: { staff: 'members' },
    tags: ['admin'],
    query: reviewQuery,
    responses: { 200: reviewResponse },
  }),
  /** Staff have looked and found nothing wrong: the member leaves the queue until a new signal appears. */
  clear: endpoint({
    summary: 'Clears a member from the review queue, with a note',
    method: 'POST',
    path: '/api/admin/review/:userId/clear',
    auth: { staff: 'members' },
    tags: ['admin'],
    params: reviewParams,
    body: clearBody,
    responses: { 200: z.object({ member: reviewRow }) },
    errors: [409],
  }),
  clearMany: endpoint({
    summary: 'Clears several members from the review queue at once',
    method: 'POST',
    path: '/api/admin/review/clear',
    auth: { staff: 'members' },
    tags: ['admin'],
    body: clearManyBody,
    responses: { 200: reviewActionResults },
  }),
  /** Holds several members' cashouts at once, each as the member page's hold does. */
  holdMany: endpoint({
    summary: "Holds several members' withdrawals at once",
    method: 'POST',
    path: '/api/admin/review/hold-cashouts',
    auth: { staff: 'holds' },
    tags: ['admin'],
    body: holdManyBody,
    responses: { 200: reviewActionResults },
  }),
});
