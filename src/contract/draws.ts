import { z } from 'zod';

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
  winners: z.array(z.string()).describe('user ids, first drawn first'),
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
  winners: z.array(z.object({ _id: z.string(), username: z.string(), email: z.string() })),
});
export type DrawResponse = z.infer<typeof drawResponse>;
