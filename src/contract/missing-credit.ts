import { z } from 'zod';
import { adminReason, nextCursor, pageQuery, pathId, plainText } from './common';
import { api, endpoint } from './endpoint';
import { MAX_POSTBACK_ENTRIES } from './offers';

/**
 * A member's report of an offer that did not credit (DESIGN §19): the facts (which wall, which offer, when,
 * what it promised) and a screenshot if they have one, kept for staff to check against the wall's
 * postbacks; it is credited through the ledger or refused with a reason, and the member sees which.
 */
export const MISSING_CREDIT_STATUSES = ['open', 'credited', 'refused'] as const;
export type MissingCreditStatus = (typeof MISSING_CREDIT_STATUSES)[number];

/** A screenshot's largest size, and the kinds of image taken (read from the file's first bytes, not its name). */
export const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ScreenshotType = (typeof SCREENSHOT_TYPES)[number];
/** The report's route takes a body this large, so a screenshot of 2 MB fits with its fields. */
export const MISSING_CREDIT_BODY_LIMIT = 3 * 1024 * 1024;
/** Providers look into completions this recent; older ones they no longer answer for. */
export const MISSING_CREDIT_MAX_DAYS = 90;
/** Reports one member may have waiting at once: each may carry a screenshot kept in the database. */
export const MISSING_CREDIT_OPEN_MAX = 5;

/** A whole number from 1 to MAX_POSTBACK_ENTRIES, sent as a number (JSON) or as a form field's digits (multipart). */
const wholeNumber = (label: string) => {
  const error = `${label} must be a whole number from 1 to ${MAX_POSTBACK_ENTRIES}`;
  return z.union(
    [
      z.number().int(error).min(1, error).max(MAX_POSTBACK_ENTRIES, error),
      z
        .string()
        .regex(
          new RegExp(`^([1-9][0-9]{0,${String(MAX_POSTBACK_ENTRIES).length - 2}}|${MAX_POSTBACK_ENTRIES})$`),
          error,
        )
        .transform(Number),
    ],
    { error },
  );
};

export const missingCreditBody = z.strictObject({
  /** An `_id` from `GET /api/offers/walls`. */
  wall: z.string({ error: 'Choose the offer wall' }).regex(/^[\w-]{1,64}$/, 'Choose one of the offer walls'),
  offerName: plainText('The offer’s name', 120, 2),
  /** The day, or the moment, the member completed the offer. */
  completedAt: z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'The date you completed it must be a date, such as 2026-12-01',
  }),
  expectedReward: wholeNumber('The entries it promised'),
  /** An image file (PNG, JPEG or WebP, at most 2 MB): a file, so only in multipart form data, never in JSON. */
  screenshot: z
    .custom<Uint8Array>((v) => v instanceof Uint8Array, 'The screenshot must be an image file')
    .optional()
    .meta({
      not: {},
      description:
        'An image file (PNG, JPEG or WebP, at most 2 MB), sent only in multipart/form-data with the other fields as text',
    }),
});
export type MissingCreditBody = z.input<typeof missingCreditBody>;

const wallRef = z.object({ _id: z.string(), name: z.string() });

export const missingCredit = z.object({
  _id: z.string(),
  wall: wallRef,
  offerName: z.string(),
  completedAt: z.iso.datetime(),
  expectedReward: z.number().int(),
  hasScreenshot: z.boolean(),
  status: z.enum(MISSING_CREDIT_STATUSES),
  at: z.iso.datetime(),
  /** The entries credited, once credited. */
  credited: z.number().int().nullable(),
  /** Why it was refused, or what staff said with the credit. */
  reply: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
});
export type MissingCredit = z.infer<typeof missingCredit>;

/** What staff see of one: the report, who sent it, and that member's postbacks on the wall beside it. */
export const adminMissingCredit = missingCredit.extend({
  member: z.object({ _id: z.string(), username: z.string() }),
  /** The postbacks this wall sent for this member, the newest first. */
  postbacks: z.array(
    z.object({
      transactionId: z.string(),
      entries: z.number().int(),
      status: z.enum(['credited', 'reversed']),
      at: z.iso.datetime(),
    }),
  ),
  /** A credit of it waiting for a second member of staff. */
  waitingApproval: z.boolean(),
});
export type AdminMissingCredit = z.infer<typeof adminMissingCredit>;

export const missingCreditsQuery = z.strictObject({
  status: z
    .enum(MISSING_CREDIT_STATUSES, { error: 'status must be open, credited or refused' })
    .default('open'),
  ...pageQuery,
});
export const missingCreditParams = z.object({ id: pathId('Missing credit report not found') });

export const resolveMissingCreditBody = z.discriminatedUnion(
  'outcome',
  [
    z.strictObject({
      outcome: z.literal('credited'),
      entries: wholeNumber('Entries'),
      reason: adminReason,
    }),
    z.strictObject({ outcome: z.literal('refused'), reason: adminReason }),
  ],
  { error: 'outcome must be credited or refused' },
);
export type ResolveMissingCreditBody = z.input<typeof resolveMissingCreditBody>;

/** Missing offer credits: members report them, staff credit or refuse them (DESIGN §19). */
export const missingCreditApi = api('missingCredit', {
  /** JSON, or multipart form data with the screenshot; 409 `too_many_open` beyond MISSING_CREDIT_OPEN_MAX. */
  report: endpoint({
    summary: 'Reports an offer that did not credit',
    method: 'POST',
    path: '/api/offers/missing-credit',
    auth: 'player',
    tags: ['offers'],
    body: missingCreditBody,
    responses: { 201: z.object({ claim: missingCredit }) },
    errors: [409],
  }),
  mine: endpoint({
    summary: "The member's missing-credit reports, the newest first",
    method: 'GET',
    path: '/api/offers/missing-credit',
    auth: 'member',
    tags: ['offers'],
    responses: { 200: z.object({ claims: z.array(missingCredit) }) },
  }),
  list: endpoint({
    summary: 'Missing-credit reports, the oldest waiting first, each beside its postbacks',
    method: 'GET',
    path: '/api/admin/missing-credit',
    auth: { staff: 'members' },
    tags: ['admin'],
    query: missingCreditsQuery,
    responses: { 200: z.object({ claims: z.array(adminMissingCredit), nextCursor }) },
  }),
  screenshot: endpoint({
    summary: "A report's screenshot, as a data URL",
    method: 'GET',
    path: '/api/admin/missing-credit/:id/screenshot',
    auth: { staff: 'members' },
    tags: ['admin'],
    params: missingCreditParams,
    responses: { 200: z.object({ screenshot: z.string().nullable() }) },
  }),
  /**
   * Credited, the entries go through the ledger as a correction, waiting for a second member of staff
   * (202) when the four-eyes sums say so; refused, the member is told why. 409 once decided.
   */
  resolve: endpoint({
    summary: 'Credits or refuses a missing-credit report',
    method: 'POST',
    path: '/api/admin/missing-credit/:id/resolve',
    auth: { staff: 'corrections', recent: true },
    tags: ['admin'],
    params: missingCreditParams,
    body: resolveMissingCreditBody,
    responses: {
      200: z.object({ claim: adminMissingCredit }),
      202: z.object({ claim: adminMissingCredit }),
    },
    errors: [409],
  }),
});
