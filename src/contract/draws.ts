import { z } from 'zod';
import { approvalResponse } from './approvals';
import { adminReason, messageBody, pathId } from './common';
import { api, endpoint } from './endpoint';
import { REPLACEMENT_REASONS } from './operator-rules';
import { prizeIdParams } from './prizes';
import { risk } from './risk';

export const drawProofResponse = z.object({
  prize: z.object({
    _id: z.string(),
    title: z.string(),
    totalWinners: z.number().int(),
    drawnAt: z.iso.datetime(),
  }),
  commitment: z.string(),
  seed: z.string(),
  snapshotHash: z.string(),
  /** When the entries were frozen: a beacon round must be published after it. */
  snapshotAt: z.iso.datetime(),
  participants: z.array(
    z.object({ _id: z.string(), username: z.string().describe('masked'), entries: z.number().int() }),
  ),
  winners: z.array(z.string()).describe('pseudonyms, first drawn first: the draw itself'),
  /**
   * Places passed on since the draw, in order: `from` lost the place (disqualified, or
   * unclaimed in time), the next participants in the ranking not eligible then were
   * passed over (`skipped`), and `to` won it (null when nobody eligible was left).
   */
  replacements: z.array(
    z.object({
      place: z.number().int(),
      from: z.string(),
      to: z.string().nullable(),
      reason: z.enum(REPLACEMENT_REASONS),
      skipped: z.array(z.string()),
    }),
  ),
  algorithm: z.string(),
  /** The public randomness mixed into the draw key, or null when the draw rests on the commitment alone. */
  beacon: z
    .object({
      network: z.string(),
      chainHash: z.string(),
      publicKey: z.string(),
      round: z.number().int(),
      randomness: z.string(),
      signature: z.string(),
    })
    .nullable(),
});
export type DrawProofResponse = z.infer<typeof drawProofResponse>;

export const drawBody = z
  .strictObject({ forceOverride: z.boolean({ error: 'forceOverride must be true or false' }).optional() })
  .nullish();

export const drawResponse = z.object({
  message: z.string(),
  winners: z.array(
    z.object({
      _id: z.string(),
      username: z.string(),
      email: z.string(),
      /** Fraud signals no member of staff has looked at yet (the review queue's open ones), or null. */
      openSignals: risk.nullable(),
    }),
  ),
});
export type DrawResponse = z.infer<typeof drawResponse>;

export const disqualifyParams = z.object({
  id: pathId('Prize not found'),
  userId: pathId('Winner not found'),
});

/** Disqualifying a winner: the admin's reason goes to the audit log; the proof says only "disqualified". */
export const disqualifyBody = z.strictObject({
  reason: adminReason,
});
/** The draws: each drawn prize's public proof, and drawing, passing places on and the hourly check for staff (DESIGN §14). */
export const drawsApi = api('draws', {
  proof: endpoint({
    summary: "A draw's proof, to check its winners from",
    method: 'GET',
    path: '/api/prizes/:id/draw-proof',
    auth: 'none',
    tags: ['prizes'],
    params: prizeIdParams,
    responses: { 200: drawProofResponse },
    kept: true,
    errors: [409],
  }),
  draw: endpoint({
    summary: "Draws a prize's winners",
    method: 'POST',
    path: '/api/admin/prizes/:id/draw',
    auth: { staff: 'prizes' },
    writes: ['prizes', 'winners', 'leaderboard'],
    tags: ['admin'],
    params: prizeIdParams,
    body: drawBody,
    responses: { 200: drawResponse },
    // 503: the public randomness it waits for cannot be had yet (beacon.ts); the draw is tried again.
    errors: [409, 503],
  }),
  /**
   * How many participants of the draw's ranking are still after its places taken, for the
   * confirmation before disqualifying: never who is next (DESIGN §16).
   */
  line: endpoint({
    summary: 'How many of a draw are still in line after a winner',
    method: 'GET',
    path: '/api/admin/prizes/:id/winners/:userId/line',
    auth: { staff: 'prizes' },
    tags: ['admin'],
    params: disqualifyParams,
    responses: { 200: z.object({ nextInLine: z.number().int().nonnegative() }) },
    errors: [409],
  }),
  disqualify: endpoint({
    summary: 'Asks to disqualify a winner; the place passes on once approved',
    method: 'POST',
    path: '/api/admin/prizes/:id/winners/:userId/disqualify',
    auth: { staff: 'prizes' },
    writes: ['prizes', 'winners', 'leaderboard'],
    tags: ['admin'],
    params: disqualifyParams,
    body: disqualifyBody,
    // Always 202, waiting for a second member of staff, who passes the place on by approving it.
    responses: { 202: approvalResponse },
    errors: [409],
  }),
  check: endpoint({
    summary: 'Runs the hourly draw check now',
    method: 'POST',
    path: '/api/admin/trigger-draw-check',
    auth: { staff: 'prizes' },
    writes: ['prizes', 'winners', 'leaderboard'],
    tags: ['admin'],
    responses: { 200: messageBody },
  }),
});
