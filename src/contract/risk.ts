import { z } from 'zod';
import { nextCursor, pageQuery } from './common';
import { endpoint } from './endpoint';
import { MEMBER_STATUSES, RISK_SIGNAL_CODES } from './operator-rules';

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

export const reviewQuery = z.strictObject(pageQuery);

/** A member the Review tab lists, highest risk first. */
export const reviewRow = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: z.iso.datetime(),
  status: z.enum(MEMBER_STATUSES),
  risk,
});
export type ReviewRow = z.infer<typeof reviewRow>;
export const reviewResponse = z.object({ members: z.array(reviewRow), nextCursor });

/** The Review tab (DESIGN §14). */
export const riskApi = {
  review: endpoint({
    method: 'GET',
    path: '/api/admin/review',
    auth: { staff: 'members' },
    tags: ['admin'],
    query: reviewQuery,
    responses: { 200: reviewResponse },
  }),
};
