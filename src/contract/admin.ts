import { z } from 'zod';
import { emailField } from './common';

export const adminStatsResponse = z.object({
  stats: z.object({
    totalUsers: z.number().int(),
    totalPrizes: z.number().int(),
    drawnPrizes: z.number().int(),
    totalPrizeValue: z.number().describe('pounds, prizes not cancelled'),
    totalTasks: z.number().int(),
    activePrizes: z.number().int(),
  }),
});
export type AdminStats = z.infer<typeof adminStatsResponse>['stats'];

export const adminWinner = z.object({
  user: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
  prize: z.object({ _id: z.string(), title: z.string(), value: z.number() }),
  drawnAt: z.iso.datetime(),
  notified: z.boolean(),
  claimed: z.boolean(),
});
export type AdminWinner = z.infer<typeof adminWinner>;
export const adminWinnersResponse = z.object({ winners: z.array(adminWinner) });

export const winnerParams = z.object({ prizeId: z.string().max(100), userId: z.string().max(100) });

export const testEmailBody = z.strictObject({ email: emailField });

export const outboxResponse = z.object({
  mails: z.array(
    z.object({
      _id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      status: z.enum(['pending', 'sent', 'failed']),
      attempts: z.number().int(),
      createdAt: z.iso.datetime(),
      sentAt: z.iso.datetime().nullable(),
    }),
  ),
});
