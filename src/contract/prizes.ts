import { z } from 'zod';

export const PRIZE_TYPES = ['cash', 'electronics', 'gift_card', 'physical', 'giftcard'] as const;
export const PRIZE_STATUSES = ['draft', 'active', 'ready_to_draw', 'drawn', 'cancelled'] as const;

export const prize = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(PRIZE_TYPES),
  value: z.number().describe('pounds'),
  currency: z.string(),
  imageUrl: z.string().nullable(),
  totalWinners: z.number().int(),
  entryCost: z.number().int(),
  maxEntriesPerUser: z.number().int(),
  startDate: z.iso.datetime(),
  endDate: z.iso.datetime(),
  status: z.enum(PRIZE_STATUSES),
  featured: z.boolean(),
  totalEntries: z.number().int(),
  participantCount: z.number().int(),
  drawFrequency: z.string().nullable(),
  minimumEntries: z.number().int(),
  drawDay: z.string(),
  /** sha256 (hex) of the secret draw seed, published before the draw. */
  commitment: z.string().nullable(),
  drawnAt: z.iso.datetime().nullable(),
  /** The signed-in user's own entries in this prize; 0 for visitors. */
  userEntries: z.number().int(),
});
export type Prize = z.infer<typeof prize>;

export const prizeListResponse = z.object({ prizes: z.array(prize) });
export const prizeResponse = z.object({ prize });

/** Any id is accepted in the path; one that names no prize is a 404, not a 400. */
export const prizeIdParams = z.object({ id: z.string().max(100) });

export const enterBody = z.strictObject({
  entries: z
    .number({ error: 'Choose how many entries to use' })
    .int('Choose a whole number of entries')
    .min(1, 'Choose at least 1 entry')
    .max(100_000, 'That is more entries than anyone can hold'),
});
export type EnterBody = z.infer<typeof enterBody>;

export const enterResponse = z.object({
  message: z.string(),
  remainingEntries: z.number().int(),
  userEntries: z.number().int(),
  totalEntries: z.number().int(),
});
export type EnterResponse = z.infer<typeof enterResponse>;

export const recentWinnersResponse = z.object({
  winners: z.array(
    z.object({
      username: z.string().describe('masked'),
      prizeTitle: z.string(),
      prizeValue: z.number().describe('pounds'),
      wonAt: z.iso.datetime(),
    }),
  ),
});
export type RecentWinner = z.infer<typeof recentWinnersResponse>['winners'][number];

export const publicWinnersResponse = z.object({
  winners: z.array(
    z.object({
      name: z.string().describe('masked'),
      prize: z.string(),
      date: z.iso.datetime(),
      prizeValue: z.number().describe('pounds'),
    }),
  ),
});
export type PublicWinner = z.infer<typeof publicWinnersResponse>['winners'][number];
