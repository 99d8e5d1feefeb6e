import { z } from 'zod';
import { auditHead } from './audit';
import { cursorQuery, nextCursor } from './common';
import { DAY_MS } from './constants';
import { REPLACEMENT_REASONS, TICKET_STATUSES } from './operator-rules';
import { PAYOUT_PROVIDERS, WITHDRAWAL_STATUSES } from './payouts';
import { PRIZE_TYPES } from './prizes';

/**
 * The public log (DESIGN §18): public events as the leaves of an RFC 9162
 * Merkle tree, with signed checkpoints in the C2SP signed-note format. A leaf
 * is canonical JSON (RFC 8785) of one of the shapes below; none names a
 * person: a member appears as their pseudonym in a prize, as in its draw.
 */

/** Leaves one read of the log may ask for. */
export const LOG_LEAVES_MAX = 1_000;

const pid = z
  .string()
  .regex(/^[0-9a-f]{32}$/)
  .describe("the member's pseudonym in the prize");

const at = z.iso.datetime();
const hex = z.string().regex(/^[0-9a-f]+$/);

/**
 * A prize as it opened, or as a live prize's terms changed: what it is worth, how many win, what an
 * entry costs and how many one member may hold, when entries close and the draw's commitment.
 */
export const prizeLeaf = z.object({
  type: z.literal('prize'),
  prize: z.uuid(),
  title: z.string(),
  prizeType: z.enum(PRIZE_TYPES),
  valuePence: z.number().int(),
  winners: z.number().int(),
  entryCost: z.number().int(),
  maxEntriesPerUser: z.number().int(),
  minimumEntries: z.number().int(),
  opens: at,
  closes: at,
  drawDay: z.string(),
  commitment: hex,
  beaconRound: z.number().int().nullable(),
  at,
});

/** A member's entries into a prize: each enter call's receipt. */
export const entryLeaf = z.object({
  type: z.literal('entry'),
  prize: z.uuid(),
  pid,
  entries: z.number().int().positive(),
  at: z.iso.datetime(),
});

/** A draw: what froze the entries, the seed revealed against its commitment, the beacon round, and who won. */
export const drawLeaf = z.object({
  type: z.literal('draw'),
  prize: z.uuid(),
  snapshotHash: hex,
  commitment: hex,
  seed: hex,
  beaconRound: z.number().int().nullable(),
  winners: z.array(pid),
  at,
});

/** A place passed on to the next in the draw's order, and why; `to` null when nobody was left. */
export const passOnLeaf = z.object({
  type: z.literal('pass_on'),
  prize: z.uuid(),
  place: z.number().int().positive(),
  from: pid,
  to: pid.nullable(),
  reason: z.enum(REPLACEMENT_REASONS),
  at,
});

/** A prize cancelled, with the reason published on its page, and how many people were refunded. */
export const cancelLeaf = z.object({
  type: z.literal('cancel'),
  prize: z.uuid(),
  reason: z.string(),
  refunded: z.number().int(),
  at,
});

/** Days from one moment to another, to a tenth, as the log states how long something took. */
export const daysBetween = (from: Date, to: Date) =>
  Math.round(((to.getTime() - from.getTime()) / DAY_MS) * 10) / 10;

/**
 * A payout settled: paid, or the money back to the member's balance (failed, returned, reversed,
 * rejected), its amount, how it was paid and the days since it was asked for; the prize when it paid one.
 */
export const payoutLeaf = z.object({
  type: z.literal('payout'),
  outcome: z.enum(WITHDRAWAL_STATUSES).describe('paid, or failed, returned, reversed or rejected'),
  amountPence: z.number().int(),
  method: z.enum(PAYOUT_PROVIDERS),
  days: z.number(),
  prize: z.uuid().nullable(),
  at,
});

/** A posted prize delivered to its winner, and the days since the draw. */
export const deliveryLeaf = z.object({
  type: z.literal('delivery'),
  prize: z.uuid(),
  winner: pid,
  days: z.number(),
  at,
});

/**
 * The staff audit chain's head as it was signed (DESIGN §16): once here, a cut or a rewrite of the
 * chain before it shows against it, whatever later happens to the audit tables.
 */
export const auditHeadLeaf = auditHead.extend({ type: z.literal('audit_head') });

/**
 * A complaint or question sent through the contact form, as it opened, was answered or closed: its
 * ticket and the London date only, never who sent it or what it says.
 */
export const complaintLeaf = z.object({
  type: z.literal('complaint'),
  ticket: z.uuid(),
  status: z.enum(TICKET_STATUSES),
  on: z.iso.date(),
});

export const logLeaf = z.discriminatedUnion('type', [
  prizeLeaf,
  entryLeaf,
  drawLeaf,
  passOnLeaf,
  cancelLeaf,
  payoutLeaf,
  deliveryLeaf,
  auditHeadLeaf,
  complaintLeaf,
]);
export type LogLeaf = z.infer<typeof logLeaf>;
export type LogLeafKind = LogLeaf['type'];

const base64 = z.string().describe('base64');
/** A position or size in the tree, as a query gives it: text of a whole number (an empty one is none). */
const treeIndex = (name: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(0, `${name} must be 0 or more`)
      .max(Number.MAX_SAFE_INTEGER, `${name} is too large`),
  );

export const logKeyResponse = z.object({
  origin: z.string().describe("the checkpoints' origin line: the site's host and /log"),
  publicKey: base64.describe('the raw 32-byte Ed25519 public key, base64'),
  verifierKey: z
    .string()
    .describe('the key as a note verifier takes it: <origin>+<key hash hex>+<base64 of 0x01 and the key>'),
});

export const checkpointsQuery = z.strictObject({ cursor: cursorQuery });
export const checkpointsResponse = z.object({
  checkpoints: z.array(
    z.object({
      size: z.number().int(),
      note: z.string().describe('the signed note, as GET /api/transparency/checkpoint served it'),
      signedAt: z.iso.datetime(),
    }),
  ),
  nextCursor,
});

export const leavesQuery = z
  .strictObject({ start: treeIndex('start'), end: treeIndex('end') })
  .refine((q) => q.end > q.start, { error: 'end must be after start', path: ['end'] })
  .refine((q) => q.end - q.start <= LOG_LEAVES_MAX, {
    error: `Ask for at most ${LOG_LEAVES_MAX} leaves at once`,
    path: ['end'],
  });
export const leavesResponse = z.object({
  leaves: z.array(
    z.object({ index: z.number().int(), data: base64.describe('the exact leaf bytes, base64') }),
  ),
});

export const inclusionQuery = z
  .strictObject({ index: treeIndex('index'), size: treeIndex('size') })
  .refine((q) => q.index < q.size, { error: 'index must be below size', path: ['index'] });
export const consistencyQuery = z
  .strictObject({ from: treeIndex('from'), to: treeIndex('to') })
  .refine((q) => q.from <= q.to, { error: 'from must not be after to', path: ['from'] });
export const proofResponse = z.object({ hashes: z.array(base64) });

/** Days as the page states them: to a tenth, or null while nothing has been measured. */
const days = z.number().nullable();

/**
 * The transparency page's figures (DESIGN §18), from the records the log is kept with, the daily
 * totals and the live settings: how many prizes were drawn and what of them reached a winner, how
 * long that took, payouts by state, complaints and replies, where entries came from, the open
 * prizes' odds, and the newest checkpoint to check them against.
 */
export const transparencySummary = z.object({
  asOf: at,
  prizes: z.object({
    drawn: z.number().int(),
    places: z.number().int().describe('winners advertised by the prizes drawn'),
    advertisedPounds: z.number().describe('their value as advertised: each place at the prize’s value'),
    awardedPounds: z.number().describe('the value of the places claimed by a winner'),
    awaitingPounds: z.number().describe('the value of places drawn and still open to claim'),
  }),
  delivery: z.object({
    count: z.number().int().describe('prizes paid or delivered'),
    medianDays: days.describe('from the draw to payment or delivery'),
    worstDays: days,
  }),
  payouts: z.array(
    z.object({ status: z.enum(WITHDRAWAL_STATUSES), count: z.number().int(), pounds: z.number() }),
  ),
  complaints: z.object({
    received: z.number().int(),
    answered: z.number().int(),
    medianDaysToReply: days,
  }),
  entrySources: z.array(
    z.object({
      source: z.string().describe('an EARNED_SOURCES name'),
      entries: z.number().int(),
      share: z.number().describe('of all entries earned, 0 to 1'),
    }),
  ),
  openPrizes: z.array(
    z.object({
      _id: z.uuid(),
      title: z.string(),
      entries: z.number().int(),
      winners: z.number().int(),
      closes: at,
      oneIn: z
        .number()
        .nullable()
        .describe('the odds of one entry winning: 1 in this, null before any entry'),
    }),
  ),
  checkpoint: z
    .object({ size: z.number().int(), rootHash: base64, signedAt: at, note: z.string() })
    .nullable(),
  /** The live settings the code's items are met by. */
  settings: z.object({
    prizeMinOpenHours: z.number().int().describe('the least time a live prize stays open; 0 when not set'),
  }),
});
export type TransparencySummary = z.infer<typeof transparencySummary>;
