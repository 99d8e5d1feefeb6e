import { z } from 'zod';
import { adminReason, nextCursor, pageQuery, pathId } from './common';
import { api, endpoint } from './endpoint';

/**
 * A referral whose friend signed up or in from the referrer's own address (or
 * IPv6 /64) or device is held instead of paid (DESIGN §15): staff pay it or
 * refuse it from the Review tab.
 */
export const REFERRAL_HOLD_STATUSES = ['held', 'paid', 'refused'] as const;
export type ReferralHoldStatus = (typeof REFERRAL_HOLD_STATUSES)[number];

export const referralHoldsQuery = z.strictObject({
  status: z.enum(REFERRAL_HOLD_STATUSES, { error: 'Choose held, paid or refused' }).default('held'),
  ...pageQuery,
});

const account = z.object({ _id: z.string(), username: z.string() });
export const referralHold = z.object({
  friend: account,
  referrer: account.extend({ entries: z.number().int().describe('their available entries now') }),
  /** What the two accounts share, in words. */
  shared: z.string(),
  heldAt: z.iso.datetime(),
  status: z.enum(REFERRAL_HOLD_STATUSES),
  decidedAt: z.iso.datetime().nullable(),
  note: z.string().nullable(),
});
export type ReferralHold = z.infer<typeof referralHold>;
export const referralHoldsResponse = z.object({ holds: z.array(referralHold), nextCursor });
export const referralHoldParams = z.object({ friendId: pathId('Held referral not found') });
export const refuseReferralBody = z.strictObject({ reason: adminReason });
export type RefuseReferralBody = z.infer<typeof refuseReferralBody>;
export const referralHoldResponse = z.object({ message: z.string(), hold: referralHold });

/** Referrals held for review, paid or refused by staff (DESIGN §14). */
export const referralHoldsApi = api('referralHolds', {
  list: endpoint({
    summary: 'Referrals held for review',
    method: 'GET',
    path: '/api/admin/referral-holds',
    auth: { staff: 'members' },
    tags: ['admin'],
    query: referralHoldsQuery,
    responses: { 200: referralHoldsResponse },
  }),
  pay: endpoint({
    summary: 'Pays a held referral',
    method: 'POST',
    path: '/api/admin/referral-holds/:friendId/pay',
    auth: { staff: 'corrections', recent: true },
    writes: ['leaderboard'],
    tags: ['admin'],
    params: referralHoldParams,
    responses: { 200: referralHoldResponse },
    errors: [409],
  }),
  refuse: endpoint({
    summary: 'Refuses a held referral',
    method: 'POST',
    path: '/api/admin/referral-holds/:friendId/refuse',
    auth: { staff: 'corrections', recent: true },
    tags: ['admin'],
    params: referralHoldParams,
    body: refuseReferralBody,
    responses: { 200: referralHoldResponse },
    errors: [409],
  }),
});
