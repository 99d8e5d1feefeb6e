import { z } from 'zod';
import { plainText } from './common';

/** The signed-in user's own view of their account. */
export const currentUser = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  availableEntries: z.number().int(),
  totalEntries: z.number().int(),
  cashBalance: z.number().describe('pounds'),
  isAdmin: z.boolean(),
  referralCode: z.string(),
  createdAt: z.iso.datetime(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** One prize the signed-in user holds entries in. */
export const myEntry = z.object({
  prize: z.object({
    _id: z.string(),
    title: z.string(),
    type: z.string(),
    value: z.number().describe('pounds'),
    imageUrl: z.string().nullable(),
    status: z.string(),
    endDate: z.iso.datetime(),
  }),
  entriesUsed: z.number().int(),
  lastEnteredAt: z.iso.datetime(),
});
export type MyEntry = z.infer<typeof myEntry>;
export const myEntriesResponse = z.object({ entries: z.array(myEntry) });

export const CLAIM_DAYS = 7;

export const myWin = z.object({
  prize: z.object({
    _id: z.string(),
    title: z.string(),
    type: z.string(),
    value: z.number().describe('pounds'),
  }),
  drawnAt: z.iso.datetime(),
  claimBy: z.iso.datetime(),
  status: z.enum(['Pending Claim', 'Claimed']),
});
export type MyWin = z.infer<typeof myWin>;
export const myWinsResponse = z.object({ wins: z.array(myWin) });

const UK_POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;

export const claimBody = z.strictObject({
  fullName: plainText('Full name', 100),
  address: plainText('Address', 500),
  postcode: z
    .string({ error: 'Postcode is required' })
    .trim()
    .regex(UK_POSTCODE, 'Enter a UK postcode, such as SW1A 1AA'),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a phone number')
    .optional(),
});
export type ClaimBody = z.infer<typeof claimBody>;
export const winParams = z.object({ prizeId: z.string().max(100) });

export const dashboardResponse = z.object({
  stats: z.object({
    totalEntries: z.number().int(),
    availableEntries: z.number().int(),
    activePrizeEntries: z.number().int(),
    tasksCompleted: z.number().int(),
    adsWatched: z.number().int(),
    referralsMade: z.number().int(),
  }),
  recentActivity: z.array(
    z.object({
      task: z.object({ title: z.string() }),
      entriesAwarded: z.number().int(),
      completedAt: z.iso.datetime(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardResponse>;
