import { z } from 'zod';
import { ANALYTICS_MAX_DAYS, EARNED_SOURCES, type EarnedSource } from './operator-rules';

const ukDay = (name: string) => z.iso.date({ error: `${name} must be a date such as 2026-11-01` }).optional();

/** UK days, both ends included; without them, the last 30 days to today. */
export const analyticsQuery = z
  .strictObject({ from: ukDay('from'), to: ukDay('to') })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['from'] })
  .refine(
    (q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < ANALYTICS_MAX_DAYS,
    { error: `Choose at most ${ANALYTICS_MAX_DAYS} days`, path: ['to'] },
  );
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

export const analyticsDay = z.object({
  day: z.iso.date(),
  signups: z.number().int(),
  activeMembers: z.number().int(),
  earned: z.object(
    Object.fromEntries(EARNED_SOURCES.map((s) => [s, z.number().int()])) as Record<EarnedSource, z.ZodNumber>,
  ),
  spent: z.number().int().describe('entries spent entering prizes, less refunds'),
  cashWon: z.number().describe('pounds'),
  cashPaid: z.number().describe('pounds'),
  offerRevenue: z.number().describe('pounds'),
  prizeValue: z.number().describe('pounds: the value of the prizes drawn that day'),
});
export type AnalyticsDay = z.infer<typeof analyticsDay>;
export const analyticsResponse = z.object({ days: z.array(analyticsDay) });
