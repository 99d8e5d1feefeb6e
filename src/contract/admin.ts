import { z } from 'zod';
import { emailField, nextCursor, pageQuery } from './common';

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

export const testEmailBody = z.strictObject({ email: emailField });

export const outboxQuery = z.strictObject(pageQuery);
export const outboxResponse = z.object({
  nextCursor,
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
export type OutboxMail = z.infer<typeof outboxResponse>['mails'][number];
