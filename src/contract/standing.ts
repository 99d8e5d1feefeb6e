import { z } from 'zod';
import { adminReason, nextCursor, pageQuery, pathId, plainText } from './common';
import { api, endpoint } from './endpoint';

/**
 * Where a member stands (DESIGN §19): in good standing, with cashouts held, or suspended; why, in the
 * words staff gave them (the category, never the signal behind it), since when, and by when a person
 * will have looked again.
 */
export const STANDING_STATUSES = ['ok', 'held', 'suspended'] as const;
export type StandingStatus = (typeof STANDING_STATUSES)[number];

/** An appeal waits for staff, then the decision is upheld or overturned, with the reason told to the member. */
export const APPEAL_STATUSES = ['open', 'upheld', 'overturned'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

export const APPEAL_MIN = 10;
export const APPEAL_MAX = 2000;

const appeal = z.object({
  _id: z.string(),
  status: z.enum(APPEAL_STATUSES),
  message: z.string(),
  at: z.iso.datetime(),
  /** The decision and its reason, once staff have looked. */
  reply: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
});
export type Appeal = z.infer<typeof appeal>;

export const standingResponse = z.object({
  status: z.enum(STANDING_STATUSES),
  /** Why, as staff told the member; null in good standing. */
  category: z.string().nullable(),
  since: z.iso.datetime().nullable(),
  /** When a person will have looked again: REVIEW_SLA_HOURS after the decision, or after the appeal. */
  reviewBy: z.iso.datetime().nullable(),
  /** A suspension's end, if it was given one. */
  until: z.iso.datetime().nullable(),
  /** The member's appeal of this decision, if they made one: one per decision. */
  appeal: appeal.nullable(),
});
export type Standing = z.infer<typeof standingResponse>;

export const appealBody = z.strictObject({ message: plainText('Your appeal', APPEAL_MAX, APPEAL_MIN) });
export type AppealBody = z.input<typeof appealBody>;

/** An appeal as staff see it in the review queue: the member, the decision appealed and what they said. */
export const adminAppeal = appeal.extend({
  member: z.object({ _id: z.string(), username: z.string() }),
  decision: z.enum(['held', 'suspended']),
  category: z.string(),
  reviewBy: z.iso.datetime(),
});
export type AdminAppeal = z.infer<typeof adminAppeal>;
export const appealsQuery = z.strictObject({
  status: z.enum(APPEAL_STATUSES, { error: 'status must be open, upheld or overturned' }).default('open'),
  ...pageQuery,
});
export const appealsResponse = z.object({ appeals: z.array(adminAppeal), nextCursor });
export const appealParams = z.object({ id: pathId('Appeal not found') });
export const decideAppealBody = z.strictObject({
  outcome: z.enum(['upheld', 'overturned'], { error: 'outcome must be upheld or overturned' }),
  /** Told to the member with the decision. */
  reason: adminReason,
});
export type DecideAppealBody = z.input<typeof decideAppealBody>;

/** A member's standing and appeal, and the appeals in the staff's review queue (DESIGN §19). */
export const standingApi = api('standing', {
  mine: endpoint({
    summary: 'Where the member stands, why, and when a person will look',
    method: 'GET',
    path: '/api/users/me/standing',
    auth: 'member',
    whileSuspended: true,
    tags: ['users'],
    responses: { 200: standingResponse },
  }),
  /** 409 `nothing_to_appeal` in good standing, 409 `already_appealed` for a decision appealed once. */
  appeal: endpoint({
    summary: 'Appeals a hold or a suspension, once per decision',
    method: 'POST',
    path: '/api/users/me/appeals',
    auth: 'member',
    whileSuspended: true,
    tags: ['users'],
    body: appealBody,
    responses: { 201: standingResponse },
    errors: [409],
  }),
  list: endpoint({
    summary: "Members' appeals, the oldest waiting first",
    method: 'GET',
    path: '/api/admin/appeals',
    auth: { staff: 'members' },
    tags: ['admin'],
    query: appealsQuery,
    responses: { 200: appealsResponse },
  }),
  /** Overturned, the hold is released or the suspension lifted; either way the member is told why. */
  decide: endpoint({
    summary: 'Decides an appeal, with the reason the member is told',
    method: 'POST',
    path: '/api/admin/appeals/:id/decide',
    auth: { staff: 'members' },
    tags: ['admin'],
    params: appealParams,
    body: decideAppealBody,
    responses: { 200: z.object({ appeal: adminAppeal }) },
    errors: [409],
  }),
});
