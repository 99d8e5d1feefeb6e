import { z } from 'zod';
import { adminReason, cursorQuery, HTTPS_ADDRESS, nextCursor, pageQuery, pathId, plainText } from './common';
import { DEFAULT_DRAW_DAY, WEEKDAYS } from './constants';
import { newAchievements } from './gamification';

/** One value per kind; SPEC's filter buttons use these. */
export const PRIZE_TYPES = ['cash', 'electronics', 'giftcard', 'physical'] as const;
export type PrizeType = (typeof PRIZE_TYPES)[number];
/**
 * The types a prize is made with, each with its filter on the prize list (SPEC: Physical Items, Gift
 * Cards, Cash). Electronics, seen in older prizes, is still shown but not offered: no filter finds it.
 */
export const OFFERED_PRIZE_TYPES = [
  'physical',
  'giftcard',
  'cash',
] as const satisfies ReadonlyArray<PrizeType>;
/** Other spellings SPEC has seen, accepted on input and stored as the canonical value. */
const PRIZE_TYPE_ALIASES: Record<string, PrizeType> = { gift_card: 'giftcard', 'gift card': 'giftcard' };

export const PRIZE_STATUSES = ['draft', 'active', 'ready_to_draw', 'drawn', 'cancelled'] as const;
export type PrizeStatus = (typeof PRIZE_STATUSES)[number];

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
  /** sha256 (hex) of the participants and their entries, frozen and published when entries close. */
  snapshotHash: z.string().nullable(),
  /** With a public beacon: the randomness round fixed when the prize went live, the first after entries close. */
  beaconRound: z.object({ network: z.string(), round: z.number().int() }).nullable(),
  drawnAt: z.iso.datetime().nullable(),
  /** When and why the prize was cancelled, published for everyone; null unless it was. */
  cancellation: z.object({ at: z.iso.datetime(), reason: z.string() }).nullable(),
});
export type Prize = z.infer<typeof prize>;

export const prizeListResponse = z.object({ prizes: z.array(prize) });
/** Admins' prize lists come in pages (DESIGN §8). */
export const adminPrizesQuery = z.strictObject(pageQuery);
export const adminPrizeListResponse = z.object({ prizes: z.array(prize), nextCursor });
export const prizeResponse = z.object({ prize });

export const prizeIdParams = z.object({ id: pathId('Prize not found') });

/** The signed-in user's own entries in one prize: apart from the prize, which is the same for everyone. */
export const myPrizeEntriesResponse = z.object({ userEntries: z.number().int() });
export type MyPrizeEntries = z.infer<typeof myPrizeEntriesResponse>;

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
  newAchievements,
  remainingEntries: z.number().int(),
  userEntries: z.number().int(),
  totalEntries: z.number().int(),
  logIndex: z
    .number()
    .int()
    .nullable()
    .describe(
      'the receipt: this entry’s leaf in the public log (GET /api/transparency/leaves), null only if it could not be placed yet',
    ),
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

/** The winners page, newest first, in pages (DESIGN §11). */
export const publicWinnersQuery = z.strictObject({ cursor: cursorQuery });
export const publicWinnersResponse = z.object({
  nextCursor,
  winners: z.array(
    z.object({
      name: z
        .string()
        .describe(
          'first name, surname initial and county as the winner allowed at the claim, else the masked username',
        ),
      prize: z.string(),
      date: z.iso.datetime(),
      prizeValue: z.number().describe('pounds'),
      /** For the link to the draw's public proof. */
      prizeId: z.string(),
    }),
  ),
});
export type PublicWinner = z.infer<typeof publicWinnersResponse>['winners'][number];

/** What an admin sends to create a prize (SPEC's Prize fields; value in pounds, dates as ISO strings). */
const prizeFields = {
  title: plainText('Title', 120),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
  type: z
    .string({ error: 'Type is required' })
    .trim()
    .toLowerCase()
    .transform((t) => PRIZE_TYPE_ALIASES[t] ?? t)
    .pipe(z.enum(OFFERED_PRIZE_TYPES, { error: `Type must be one of ${OFFERED_PRIZE_TYPES.join(', ')}` }))
    // What the pipe accepts, which the description would otherwise show as any string.
    .meta({
      enum: [...OFFERED_PRIZE_TYPES, ...Object.keys(PRIZE_TYPE_ALIASES)],
      description: 'In any case, and with surrounding spaces',
    }),
  value: z
    .number({ error: 'Value must be a number of pounds' })
    .positive('Value must be more than £0')
    .max(1_000_000, 'Value must be at most £1,000,000')
    .multipleOf(0.01, 'Value can have at most 2 decimal places'),
  currency: z.literal('GBP', { error: 'Currency must be GBP' }),
  imageUrl: z
    .url({ protocol: /^https$/, error: 'Image URL must be an https:// address' })
    .max(2000)
    .regex(HTTPS_ADDRESS, 'Image URL must be an https:// address')
    .nullable(),
  totalWinners: z
    .number()
    .int('Winners must be a whole number')
    .min(1, 'At least 1 winner')
    .max(100, 'At most 100 winners'),
  entryCost: z
    .number()
    .int('Entry cost must be a whole number')
    .min(1, 'Entry cost must be at least 1')
    .max(1000),
  maxEntriesPerUser: z.number().int().min(1, 'Entry cap must be at least 1').max(100_000),
  startDate: z.iso.datetime({ offset: true, error: 'Start date must be an ISO date and time' }),
  endDate: z.iso
    .datetime({ offset: true, error: 'End date must be an ISO date and time' })
    .describe('After the start date: the one sent, or the prize’s own'),
  status: z.enum(['draft', 'active'], { error: 'Status must be draft or active' }),
  featured: z.boolean(),
  drawFrequency: z.enum(['daily', 'weekly', 'monthly']).nullable(),
  minimumEntries: z.number().int().min(0).max(10_000_000),
  drawDay: z.enum(WEEKDAYS, { error: 'Draw day must be a weekday name such as Friday' }),
};

const endsAfterStart = (p: { startDate?: string; endDate?: string }) =>
  !p.startDate || !p.endDate || new Date(p.endDate) > new Date(p.startDate);

export const createPrizeBody = z
  .strictObject({
    ...prizeFields,
    description: prizeFields.description.default(''),
    currency: prizeFields.currency.default('GBP'),
    imageUrl: prizeFields.imageUrl.default(null),
    totalWinners: prizeFields.totalWinners.default(1),
    entryCost: prizeFields.entryCost.default(1),
    maxEntriesPerUser: prizeFields.maxEntriesPerUser.default(100),
    status: prizeFields.status.default('draft'),
    featured: prizeFields.featured.default(false),
    drawFrequency: prizeFields.drawFrequency.default(null),
    minimumEntries: prizeFields.minimumEntries.default(0),
    drawDay: prizeFields.drawDay.default(DEFAULT_DRAW_DAY),
  })
  .refine(endsAfterStart, { message: 'End date must be after the start date', path: ['endDate'] });
export type CreatePrizeBody = z.input<typeof createPrizeBody>;

export const updatePrizeBody = z
  .strictObject(prizeFields)
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Send at least one field to change')
  .refine(endsAfterStart, { message: 'End date must be after the start date', path: ['endDate'] })
  .meta({ minProperties: 1 });
export type UpdatePrizeBody = z.input<typeof updatePrizeBody>;

/** Why a prize is cancelled: published on the prize, and kept in the audit log. */
export const cancelBody = z.strictObject({ reason: adminReason });
export const cancelResponse = z.object({ message: z.string(), refunded: z.number().int() });
export type NewPrize = z.output<typeof createPrizeBody>;
export type PrizeChanges = z.output<typeof updatePrizeBody>;
