import { z } from 'zod';
import { ADMIN_PAGE_SIZE, ADMIN_REASON_MIN } from './operator-rules';

/** Every error answer; some carry more fields (the draw's drawDay and currentDay, say), so extras pass through. */
export const errorBody = z.looseObject({
  error: z.string(),
  code: z.string().optional(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

/** Trimmed, lower-cased, validated email: the one spelling of an address everywhere. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .toLowerCase()
  .max(254, 'Email is too long')
  // A check on the string itself rather than a pipe into another schema, so the description says `format: email`.
  .check(z.email({ error: 'Enter a valid email address' }));

/**
 * An id in a path. One that cannot be one of ours names nothing: the error
 * handler answers any path that fails its schema with 404 and this text.
 */
export const pathId = (notFoundText: string) => z.uuid({ error: notFoundText });

/**
 * An address's start that `z.url({ protocol: /^https$/ })` checks too: as a pattern, the description
 * says https where the URL check alone would show a bare string.
 */
export const HTTPS_ADDRESS = /^https:\/\//;

/** The most rows one staff action takes at once (several withdrawals paid, several members cleared). */
export const BULK_MAX = 50;
/** The rows a staff action takes at once: `what` names them in the messages ("the withdrawals to mark paid"). */
export const bulkIds = (what: string, notFoundText: string) =>
  z
    .array(z.uuid({ error: notFoundText }), { error: `Choose ${what}` })
    .min(1, `Choose ${what}`)
    .max(BULK_MAX, `Choose at most ${BULK_MAX} at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'One is listed twice')
    .meta({ uniqueItems: true });
/** What became of each row of a staff action taken on several at once, in the order asked. */
export const bulkResults = <const O extends readonly [string, ...string[]]>(outcomes: O) =>
  z.object({
    results: z.array(
      z.object({
        _id: z.string(),
        outcome: z.enum(outcomes),
        /** Why it was not done (or that it waits for approval), else null. */
        message: z.string().nullable(),
      }),
    ),
  });

/**
 * Unicode's control characters (category Cc: U+0000–001F and U+007F–009F) but line breaks and tabs, spelt
 * without `\p{…}` so any JSON Schema validator reads the pattern the description shows.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses.
const NO_CONTROLS = /^[^\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]*$/;

/** Something other than spaces: a description's minimum length counts them, where the server trims them first. */
export const NOT_BLANK = /\S/;

/**
 * Text a person typed: trimmed, required, from `min` (1) to `max` characters once trimmed, with no
 * control characters other than line breaks and tabs. Each rule is a check the description shows.
 */
export const plainText = (label: string, max: number, min = 1) => {
  const given = z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);
  return (min > 1 ? given.min(min, `${label} must be at least ${min} characters`) : given)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(NO_CONTROLS, `${label} contains characters that are not allowed`)
    .regex(NOT_BLANK, `${label} is required`);
};

/**
 * A list's page: `cursor` is the `nextCursor` of the page before, opaque to
 * the client; the server refuses one it did not make with 400.
 */
export const cursorQuery = z
  .string()
  .max(300, 'That page link is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'That page link is not valid')
  .optional();
/** The most rows an admin list's page may ask for (DESIGN §15). */
export const ADMIN_PAGE_MAX = 200;

/**
 * An admin list's page (DESIGN §8, §15): where it goes on from (the cursor the
 * page before answered) and how many rows, 1 to ADMIN_PAGE_MAX, ADMIN_PAGE_SIZE
 * unless asked.
 */
export const pageQuery = {
  cursor: cursorQuery,
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ADMIN_PAGE_MAX, `limit must be at most ${ADMIN_PAGE_MAX}`)
    .default(ADMIN_PAGE_SIZE),
};

export const nextCursor = z.string().nullable().describe('the cursor of the next page, or null on the last');

/** Why an admin did something (a correction, a suspension): long enough to mean something in the audit log later. */
export const adminReason = plainText('Reason', 500, ADMIN_REASON_MIN);
