import { z } from 'zod';
import { emailField, messageBody, nextCursor, pageQuery } from './common';
import { endpoint } from './endpoint';

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

/** What belongs to the panel itself: the site's numbers and its mail tools (DESIGN §14). */
export const adminApi = {
  stats: endpoint({
    method: 'GET',
    path: '/api/admin/stats',
    auth: { staff: 'reports' },
    tags: ['admin'],
    responses: { 200: adminStatsResponse },
  }),
  /** Queues a test email to the address, through the outbox. */
  testEmail: endpoint({
    method: 'POST',
    path: '/api/admin/test-email',
    auth: { staff: 'settings' },
    tags: ['admin'],
    body: testEmailBody,
    responses: { 200: messageBody },
  }),
  /** Outgoing email, newest first, a page at a time. */
  outbox: endpoint({
    method: 'GET',
    path: '/api/admin/outbox',
    auth: { staff: 'settings' },
    tags: ['admin'],
    query: outboxQuery,
    responses: { 200: outboxResponse },
  }),
};
