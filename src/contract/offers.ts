import { z } from 'zod';

const digits = (label: string) =>
  z.string({ error: `${label} is required` }).regex(/^[0-9]+$/, `${label} must be a whole number`);

/** The most entries one postback may give: more is a mistake or an attack. */
export const MAX_POSTBACK_ENTRIES = 1_000_000;

/** What an offer-wall provider sends (DESIGN §4), as query parameters or a JSON body. */
export const postbackParams = z.object({
  user_id: z.uuid({ error: 'user_id is not one of our users' }),
  transaction_id: z
    .string({ error: 'transaction_id is required' })
    .min(1, 'transaction_id is required')
    .max(128)
    .regex(/^[\w.:-]+$/, 'transaction_id has characters that are not allowed'),
  amount: digits('amount').refine(
    (v) => Number(v) > 0 && Number(v) <= MAX_POSTBACK_ENTRIES,
    `amount must be between 1 and ${MAX_POSTBACK_ENTRIES}`,
  ),
  status: z.enum(['1', '2'], { error: 'status must be 1 (credit) or 2 (reversal)' }),
  signature: z
    .string({ error: 'signature is required' })
    .regex(/^[0-9a-f]{64}$/i, 'signature must be 64 hex characters'),
});
export type PostbackParams = z.infer<typeof postbackParams>;

export const offerStatsResponse = z.object({
  stats: z.object({ completedOffers: z.number().int(), totalEarned: z.number().int() }),
});
export type OfferStats = z.infer<typeof offerStatsResponse>['stats'];

export const offerWallResponse = z.object({ url: z.string().nullable() });
