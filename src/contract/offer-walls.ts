import { z } from 'zod';
import { HTTPS_ADDRESS, plainText } from './common';
import { type ApiPath, api, endpoint } from './endpoint';
import { offerStatsResponse, offerWallResponse } from './offers';

/**
 * The offer-wall providers a wall can be (DESIGN §10). `generic` is the site's
 * own scheme (§4), the one the environment's wall speaks.
 */
export const OFFER_PROVIDERS = ['generic', 'bitlabs', 'ayetstudios', 'revtoo', 'revlum'] as const;
export type OfferProvider = (typeof OFFER_PROVIDERS)[number];

export const PROVIDER_NAMES: Record<OfferProvider, string> = {
  generic: 'Generic (this site’s own signature)',
  bitlabs: 'BitLabs',
  ayetstudios: 'ayeT-Studios',
  revtoo: 'Revtoo',
  revlum: 'Revlum',
};

/**
 * Providers whose postbacks state the entries in what they sign (their reward, set in their dashboard in
 * the site's entries): the wall's rate per pound is not used for them (providers/md5-subid.ts).
 */
export const ENTRIES_FROM_REWARD: readonly OfferProvider[] = ['revtoo', 'revlum'];

/** The id members and postbacks use for the wall configured in the environment (OFFERWALL_*). */
export const ENVIRONMENT_WALL_ID = 'environment';
/** What members and staff call the wall configured in the environment. */
export const ENVIRONMENT_WALL_NAME = 'Offer Wall';

/** Entries per pound of offer revenue a wall may give, at most. */
export const MAX_ENTRIES_PER_POUND = 100_000;

const frameUrl = z
  .string({ error: 'The frame address is required' })
  .trim()
  .max(1000, 'The frame address is too long')
  .check(z.url({ error: 'The frame address must be a web address', protocol: /^https$/ }))
  .regex(HTTPS_ADDRESS, 'The frame address must be a web address')
  .regex(/\{userId\}/, 'The frame address must contain {userId}, where the member’s id goes');

const addresses = z
  .array(
    z
      .string()
      .trim()
      .regex(
        // Both cases spelt out: a pattern in the description carries no flags.
        /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+)(\/\d{1,3})?$/,
        'Each allowed address must be an IPv4 or IPv6 address, or a range such as 203.0.113.0/24',
      ),
  )
  .max(100, 'At most 100 allowed addresses');

const secret = z
  .string({ error: 'The secret is required' })
  .trim()
  .min(8, 'The secret must be at least 8 characters')
  .max(200, 'The secret must be at most 200 characters');

/** How long a provider may still reverse a credit, unless a wall says otherwise (DESIGN §19). */
export const OFFER_HOLD_DAYS_DEFAULT = 30;

export const wallBody = z.strictObject({
  name: plainText('Name', 60),
  provider: z.enum(OFFER_PROVIDERS, { error: 'Choose a provider from the list' }),
  frameUrl,
  secret,
  ipAllowlist: addresses.default([]),
  entriesPerPound: z
    .number({ error: 'Entries per pound must be a number' })
    .int('Entries per pound must be a whole number')
    .min(1, 'Entries per pound must be at least 1')
    .max(MAX_ENTRIES_PER_POUND, `Entries per pound must be at most ${MAX_ENTRIES_PER_POUND}`),
  active: z.boolean().default(true),
  /** Days the provider may still reverse a credit: the member's history shows until when. */
  holdDays: z
    .number({ error: 'Hold days must be a number' })
    .int('Hold days must be a whole number')
    .min(0, 'Hold days must be 0 or more')
    .max(365, 'Hold days must be at most 365')
    .optional()
    .describe(`${OFFER_HOLD_DAYS_DEFAULT} when not given`),
});
export type WallBody = z.infer<typeof wallBody>;
/** What a client sends: the list of addresses and `active` may be left out. */
export type WallInput = z.input<typeof wallBody>;

/** An edit: any of the fields; a secret only when it is being replaced. */
export const wallUpdate = wallBody.partial().strict();
export type WallUpdate = z.infer<typeof wallUpdate>;

/** A wall as an admin sees it: never its secret. */
export const adminWall = z.object({
  _id: z.string(),
  name: z.string(),
  provider: z.enum(OFFER_PROVIDERS),
  frameUrl: z.string(),
  ipAllowlist: z.array(z.string()),
  entriesPerPound: z.number().int(),
  active: z.boolean(),
  holdDays: z.number().int(),
  /** Where the provider should send its postbacks. */
  postbackUrl: z.string(),
  createdAt: z.string(),
  stats: z.object({
    credits: z.number().int(),
    reversals: z.number().int(),
    revenue: z.number().describe('pounds'),
    entries: z.number().int(),
  }),
});
export type AdminWall = z.infer<typeof adminWall>;

export const adminWallsResponse = z.object({
  walls: z.array(adminWall),
  /** Why providers may not reach the postback addresses (SITE_URL unset or not https), or null. */
  postbackWarning: z.string().nullable(),
});
export type AdminWalls = z.infer<typeof adminWallsResponse>;
export const adminWallResponse = z.object({ message: z.string(), wall: adminWall });
export const wallParams = z.object({ id: z.uuid({ error: 'Offer wall not found' }) });

/** A wall as a member sees it: its frame for them, and what they earned on it. */
export const memberWall = z.object({
  _id: z.string(),
  name: z.string(),
  url: z.string(),
  stats: z.object({ completedOffers: z.number().int(), totalEarned: z.number().int() }),
});
export type MemberWall = z.infer<typeof memberWall>;
export const memberWallsResponse = z.object({ walls: z.array(memberWall) });

/** What a provider's server hears back: the answer its documentation asks for (`1`, `OK`, `ok`). */
const received = {
  raw: 'text/plain',
  description: 'The answer the provider takes as received: the same to a new postback and to a replay',
} as const;

/**
 * A provider's postback: its own parameters and signature, in the address or a form body as that
 * provider sends them (features/offers/providers), so the contract checks none of them itself.
 */
const postback = <M extends 'GET' | 'POST', P extends ApiPath>(summary: string, method: M, path: P) =>
  endpoint({
    summary,
    method,
    path,
    ...(path.includes(':id') && { params: wallParams }),
    auth: 'none',
    tags: ['offers'],
    description:
      'Called by offer-wall providers, not people. 403 for a bad signature or an address not allowed, 400 for bad parameters.',
    responses: { 200: received },
    errors: [400, 403],
    writes: ['leaderboard'],
  });

/** The offer walls: members' frames and figures, staff's settings, and the providers' postbacks (DESIGN §10, §14). */
export const offersApi = api('offers', {
  stats: endpoint({
    summary: "The member's offers completed and entries earned",
    method: 'GET',
    path: '/api/offers/stats',
    auth: 'member',
    tags: ['offers'],
    responses: { 200: offerStatsResponse },
  }),
  wall: endpoint({
    summary: "The offer wall's frame for the member",
    method: 'GET',
    path: '/api/offers/wall',
    auth: 'player',
    tags: ['offers'],
    responses: { 200: offerWallResponse },
  }),
  walls: endpoint({
    summary: "Each offer wall's frame for the member, with what they earned on it",
    method: 'GET',
    path: '/api/offers/walls',
    auth: 'player',
    tags: ['offers'],
    responses: { 200: memberWallsResponse },
  }),
  postbackGet: postback(
    'A postback from the wall set in the environment, in the address',
    'GET',
    '/api/offers/postback',
  ),
  postbackPost: postback(
    'A postback from the wall set in the environment, in a form',
    'POST',
    '/api/offers/postback',
  ),
  wallPostbackGet: postback(
    'A postback from an offer wall, in the address',
    'GET',
    '/api/offers/postback/:id',
  ),
  wallPostbackPost: postback(
    'A postback from an offer wall, in the body',
    'POST',
    '/api/offers/postback/:id',
  ),
  adminWalls: endpoint({
    summary: 'The offer walls and their totals',
    method: 'GET',
    path: '/api/admin/offerwalls',
    auth: { staff: 'tasks' },
    tags: ['admin'],
    responses: { 200: adminWallsResponse },
  }),
  addWall: endpoint({
    summary: 'Adds an offer wall',
    method: 'POST',
    path: '/api/admin/offerwalls',
    auth: { staff: 'tasks' },
    tags: ['admin'],
    body: wallBody,
    responses: { 201: adminWallResponse },
  }),
  updateWall: endpoint({
    summary: 'Changes an offer wall',
    method: 'PUT',
    path: '/api/admin/offerwalls/:id',
    auth: { staff: 'tasks' },
    tags: ['admin'],
    params: wallParams,
    body: wallUpdate,
    responses: { 200: adminWallResponse },
  }),
});
