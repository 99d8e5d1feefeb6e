import { z } from 'zod';
import { auditHead } from './audit';
import { cursorQuery, nextCursor } from './common';
import { DAY_MS } from './constants';
import { REPLACEMENT_REASONS } from './operator-rules';
import { PAYOUT_PROVIDERS, WITHDRAWAL_STATUSES } from './payouts';

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

/** A member's entries into a prize: each enter call's receipt. */
export const entryLeaf = z.object({
  type: z.literal('entry'),
  prize: z.uuid(),
  pid,
  entries: z.number().int().positive(),
  at: z.iso.datetime(),
});

const at = z.iso.datetime();
const hex = z.string().regex(/^[0-9a-f]+$/);

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

export const logLeaf = z.discriminatedUnion('type', [
  entryLeaf,
  drawLeaf,
  passOnLeaf,
  cancelLeaf,
  payoutLeaf,
  deliveryLeaf,
  auditHeadLeaf,
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
