import { z } from 'zod';
import { api, endpoint } from './endpoint';
import { ANALYTICS_MAX_DAYS, EARNED_SOURCES, type EarnedSource } from './operator-rules';

/** The years a day may be in: a date outside them is a typo or an attack, and nothing happened then. */
export const ANALYTICS_YEARS = { first: 2000, last: 2100 } as const;
const YEARS_2000_TO_2100 = /^(?:20\d\d|2100)-/;

const ukDay = (name: string) =>
  z.iso
    .date({ error: `${name} must be a date such as 2026-11-01` })
    // The years as a pattern on the date's text, so the description bounds them too.
    .regex(YEARS_2000_TO_2100, `${name} must be between ${ANALYTICS_YEARS.first} and ${ANALYTICS_YEARS.last}`)
    .optional();

/**
 * What is wrong with a range of UK days, both ends included, or null. The
 * server asks again once it has filled in a missing end, so a range is never
 * longer than ANALYTICS_MAX_DAYS however it was asked for.
 */
export function rangeProblem(from: string, to: string): { error: string; path: 'from' | 'to' } | null {
  if (from > to) return { error: 'from must not be after to', path: 'from' };
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= ANALYTICS_MAX_DAYS)
    return { error: `Choose at most ${ANALYTICS_MAX_DAYS} days`, path: 'to' };
  return null;
}

/** UK days, both ends included; without them, the last 30 days to today. */
export const analyticsQuery = z
  .strictObject({
    from: ukDay('from'),
    to: ukDay('to').describe(
      `Not before from, and at most ${ANALYTICS_MAX_DAYS} days from it, both ends counted; without it, today`,
    ),
  })
  .superRefine((q, ctx) => {
    const problem = q.from && q.to ? rangeProblem(q.from, q.to) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem.error, path: [problem.path] });
  });
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
  prizeValue: z
    .number()
    .describe(
      'pounds: the value of the prizes drawn that day that someone still holds (a prize whose every place was lost is not awarded)',
    ),
});
export type AnalyticsDay = z.infer<typeof analyticsDay>;
export const analyticsResponse = z.object({ days: z.array(analyticsDay) });

/** The Dashboard's figures (DESIGN §14), on screen and as a file for a spreadsheet. */
export const analyticsApi = api('analytics', {
  days: endpoint({
    summary: "Each UK day's sign-ups, activity, entries and cash",
    method: 'GET',
    path: '/api/admin/analytics',
    auth: { staff: 'reports' },
    tags: ['admin'],
    query: analyticsQuery,
    responses: { 200: analyticsResponse },
  }),
  csv: endpoint({
    summary: 'The same days as a CSV file',
    method: 'GET',
    path: '/api/admin/export/analytics.csv',
    auth: { staff: 'reports' },
    tags: ['admin'],
    query: analyticsQuery,
    responses: {
      200: { raw: 'text/csv', description: 'The same days as the Dashboard shows, one row each' },
    },
  }),
});
