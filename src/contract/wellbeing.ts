import { z } from 'zod';
import { nextCursor, pageQuery } from './common';
import { api, endpoint } from './endpoint';

/**
 * Wellbeing signals (DESIGN §19): playing (entering or spinning) more than PLAY_DAYS_IN_A_ROW days in
 * a row, or through most of a night. They sit in the review queue apart from fraud scores, and the
 * member is reminded of breaks and self-exclusion.
 */
export const WELLBEING_KINDS = ['days_in_a_row', 'night'] as const;
export type WellbeingKind = (typeof WELLBEING_KINDS)[number];

/** The night's UK hours, midnight to 6 am; playing in most of them is playing through the night. */
export const NIGHT_HOURS = [0, 1, 2, 3, 4, 5] as const;
export const NIGHT_MIN_HOURS = 4;

export const wellbeingSignal = z.object({
  _id: z.string(),
  member: z.object({ _id: z.string(), username: z.string() }),
  kind: z.enum(WELLBEING_KINDS),
  /** The day the run of days began, or the night's date. */
  since: z.iso.date(),
  raisedAt: z.iso.datetime(),
});
export type WellbeingSignal = z.infer<typeof wellbeingSignal>;
export const wellbeingQuery = z.strictObject({ ...pageQuery });
export const wellbeingResponse = z.object({ signals: z.array(wellbeingSignal), nextCursor });

export const wellbeingApi = api('wellbeing', {
  list: endpoint({
    summary: 'Wellbeing signals, newest first: members playing many days in a row or through the night',
    method: 'GET',
    path: '/api/admin/wellbeing',
    auth: { staff: 'members' },
    tags: ['admin'],
    query: wellbeingQuery,
    responses: { 200: wellbeingResponse },
  }),
});
