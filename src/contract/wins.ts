import { z } from 'zod';
import { payoutDetails } from './cash';
import { messageBody, nextCursor, pageQuery, pathId, plainText } from './common';
import { api, endpoint } from './endpoint';
import { PRIZE_TYPES, type PrizeType } from './prizes';

/**
 * Why a win can no longer be claimed. A disqualified or unclaimed win passes to the
 * next participant in the draw's ranking (DESIGN §8).
 */
export const FORFEIT_REASONS = ['under_18', 'account_deleted', 'disqualified', 'unclaimed'] as const;
export type ForfeitReason = (typeof FORFEIT_REASONS)[number];

/**
 * How a claimed prize reaches its winner (DESIGN §17): cash through the payout interface, anything else
 * posted by staff with a carrier and tracking number, then delivered.
 */
export const DELIVERY_STATUSES = ['fulfilling', 'dispatched', 'delivered'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** Contest Rules §13: a claimed prize reaches its winner within this many days of the claim. */
export const DELIVERY_PROMISE_DAYS = 30;
/** Staff are told of a claimed prize not yet delivered this many days after its claim. */
export const DELIVERY_ALERT_DAYS = 25;

export const delivery = z.object({
  status: z.enum(DELIVERY_STATUSES),
  carrier: z.string().nullable(),
  tracking: z.string().nullable(),
  /** When it was dispatched, and delivered. */
  dispatchedAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  /** The date it is promised by: DELIVERY_PROMISE_DAYS after the claim. */
  promisedBy: z.iso.datetime(),
});
export type Delivery = z.infer<typeof delivery>;

/** A win as the winner sees it. */
export const myWin = z.object({
  prize: z.object({
    _id: z.string(),
    title: z.string(),
    type: z.enum(PRIZE_TYPES),
    value: z.number().describe('pounds'),
  }),
  drawnAt: z.iso.datetime(),
  claimBy: z.iso.datetime(),
  status: z.enum(['Pending Claim', 'Claimed', 'Forfeited']),
  /** The winner's pseudonym in the draw's proof. */
  pid: z.string(),
  forfeitReason: z.enum(FORFEIT_REASONS).nullable(),
  /** Where a claimed prize is on its way to the winner, or null before the claim. */
  delivery: delivery.nullable(),
});
export type MyWin = z.infer<typeof myWin>;
export const myWinsResponse = z.object({ wins: z.array(myWin) });

const UK_POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;

const address = plainText('Delivery address', 500);
const postcode = z
  .string({ error: 'Postcode is required' })
  .trim()
  .regex(UK_POSTCODE, 'Enter a UK postcode, such as SW1A 1AA');

export const claimBody = z
  .strictObject({
    fullName: plainText('Full name', 100),
    /** Published with the first name and surname initial on the winners page (CAP Code 8.28.5). */
    county: plainText('County', 60),
    /** The winner asks us not to publish their name and county: the winners page masks their username. */
    keepNamePrivate: z.boolean().optional(),
    /** Where a prize that is posted goes; not asked for a cash prize. */
    address: address.optional(),
    postcode: postcode.optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a phone number')
      .optional(),
    /** How a cash prize is paid, as a withdrawal is; not asked for a prize that is posted. */
    payout: payoutDetails.optional(),
    dateOfBirth: z.iso
      .date({ error: 'Enter your date of birth' })
      // From 1900 on, as a pattern on the date's text, so the description says it too.
      .regex(/^(?:19|[2-9]\d)\d\d-/, 'Enter your date of birth'),
    /**
     * The winner confirms a date of birth that makes them under 18 on the draw date, and so gives the
     * win up; without it such a date is answered 409 `confirm_underage`, for a typo to be put right.
     */
    confirmUnderage: z.literal(true).optional(),
  })
  // Which of the two a claim needs follows its prize's type, which the schema cannot see: it says so.
  .meta({
    anyOf: [{ required: ['payout'] }, { required: ['address', 'postcode'] }],
    description: 'A cash prize is claimed with payout, any other with address and postcode',
  });
export type ClaimBody = z.input<typeof claimBody>;
export type ClaimRequest = z.output<typeof claimBody>;

/**
 * How the winners page names a winner who let us (CAP Code 8.28.5): first name, surname initial and
 * county, as "Jane S., Kent".
 */
export function publicWinnerName(fullName: string, county: string) {
  const names = fullName.trim().split(/\s+/);
  const first = names[0]!;
  const initial = names.length > 1 ? ` ${names.at(-1)!.charAt(0).toUpperCase()}.` : '';
  return `${first}${initial}, ${county.trim()}`;
}

/** What a claim asks for besides a name and a date of birth: how to pay a cash prize, where to post any other. */
export const claimAsks = (type: PrizeType) => (type === 'cash' ? 'payout' : 'delivery');

/** A claim as a prize of `type` needs it, checked the same way by the claim form and the server. */
export const claimBodyFor = (type: PrizeType) =>
  claimAsks(type) === 'payout'
    ? claimBody.extend({ payout: payoutDetails })
    : claimBody.extend({ address, postcode });

export const claimParams = z.object({ prizeId: pathId('You have no win for this prize') });

/** A win as admins see it (SPEC §3, Admin winner). */
export const adminWinner = z.object({
  user: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
  prize: z.object({ _id: z.string(), title: z.string(), value: z.number() }),
  drawnAt: z.iso.datetime(),
  /** The place in the draw: 1 for the first drawn. */
  position: z.number().int(),
  notified: z.boolean(),
  /** Where the email telling them stands: null until it is queued. */
  email: z.enum(['pending', 'sent', 'failed']).nullable(),
  claimed: z.boolean(),
  forfeitReason: z.enum(FORFEIT_REASONS).nullable(),
  /** The prize's type: cash is paid through the payouts, anything else is posted. */
  prizeType: z.enum(PRIZE_TYPES),
  /** Its payout on the Withdrawals tab (a cash prize, or a gift card sent through Tremendous), or null when it is posted. */
  payoutId: z.string().nullable(),
  /** Where a claimed prize is on its way, or null before the claim. */
  delivery: delivery.nullable(),
});
export type AdminWinner = z.infer<typeof adminWinner>;
export const adminWinnersQuery = z.strictObject(pageQuery);
export const adminWinnersResponse = z.object({ winners: z.array(adminWinner), nextCursor });

export const winnerParams = z.object({
  prizeId: pathId('Winner not found'),
  userId: pathId('Winner not found'),
});

/** A prize posted: who carries it and its tracking number, as the winner will see them. */
export const dispatchBody = z.strictObject({
  carrier: plainText('Carrier', 60),
  tracking: plainText('Tracking number', 60),
});

/** A member's own wins and their claim; every winner for staff, and the winners' file (DESIGN §14). */
export const winsApi = api('wins', {
  mine: endpoint({
    summary: "The member's wins",
    method: 'GET',
    path: '/api/users/wins',
    auth: 'member',
    tags: ['users'],
    responses: { 200: myWinsResponse },
  }),
  claim: endpoint({
    summary: 'Claims a win',
    method: 'POST',
    path: '/api/users/wins/:prizeId/claim',
    auth: 'member',
    writes: ['prizes', 'winners', 'leaderboard'],
    tags: ['users'],
    params: claimParams,
    body: claimBody,
    responses: { 200: messageBody },
    errors: [409],
  }),
  adminList: endpoint({
    summary: 'Every winner, for staff',
    method: 'GET',
    path: '/api/admin/winners',
    auth: { staff: 'prizes' },
    tags: ['admin'],
    query: adminWinnersQuery,
    responses: { 200: adminWinnersResponse },
  }),
  notify: endpoint({
    summary: 'Marks a winner notified',
    method: 'PUT',
    path: '/api/admin/winners/:prizeId/:userId/notify',
    auth: { staff: 'prizes' },
    writes: ['winners'],
    tags: ['admin'],
    params: winnerParams,
    responses: { 200: messageBody },
  }),
  /** A claimed prize that is posted (not cash, which goes through the payouts), with its carrier and tracking. */
  dispatch: endpoint({
    summary: 'Marks a claimed prize dispatched',
    method: 'POST',
    path: '/api/admin/winners/:prizeId/:userId/dispatch',
    auth: { staff: 'prizes' },
    writes: ['winners'],
    tags: ['admin'],
    params: winnerParams,
    body: dispatchBody,
    responses: { 200: messageBody },
    errors: [409],
  }),
  delivered: endpoint({
    summary: 'Marks a dispatched prize delivered',
    method: 'POST',
    path: '/api/admin/winners/:prizeId/:userId/delivered',
    auth: { staff: 'prizes' },
    writes: ['winners'],
    tags: ['admin'],
    params: winnerParams,
    responses: { 200: messageBody },
    errors: [409],
  }),
  csv: endpoint({
    summary: 'The winners as a CSV file, with their delivery details',
    method: 'GET',
    path: '/api/admin/export/winners.csv',
    auth: { staff: 'prizes' },
    tags: ['admin'],
    responses: {
      200: { raw: 'text/csv', description: 'Every winner, newest draw first, with their delivery details' },
    },
    errors: [400],
  }),
});
