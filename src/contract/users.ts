import { z } from 'zod';

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
