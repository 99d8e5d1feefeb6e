import { z } from 'zod';
import { emailField, messageBody, nextCursor, pageQuery } from './common';
import { api, endpoint } from './endpoint';

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

export const mailHealthResponse = z.object({
  /** Whether SMTP_URL is set: without it, mail is queued and never sent. */
  configured: z.boolean(),
  /** The mail queued in the last 24 hours, by where it stands now. */
  last24h: z.object({ waiting: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  lastError: z
    .object({ message: z.string(), at: z.iso.datetime(), subject: z.string() })
    .nullable()
    .describe('the last attempt that failed, at any time'),
});
export type MailHealth = z.infer<typeof mailHealthResponse>;

/** What belongs to the panel itself: the site's numbers and its mail tools (DESIGN §14). */
export const adminApi = api('admin', {
  stats: endpoint({
    summary: "The site's totals for the console",
    method: 'GET',
    path: '/api/admin/stats',
    auth: { staff: 'reports' },
    tags: ['admin'],
    responses: { 200: adminStatsResponse },
  }),
  /** Queues a test email to the address, through the outbox. */
  testEmail: endpoint({
    summary: 'Sends a test email',
    method: 'POST',
    path: '/api/admin/test-email',
    auth: { staff: 'settings' },
    tags: ['admin'],
    body: testEmailBody,
    responses: { 200: messageBody },
  }),
  /** Whether mail is going out (DESIGN §12): configured, the last day's counts, the last error. */
  mailHealth: endpoint({
    summary: 'Whether mail is configured and going out',
    method: 'GET',
    path: '/api/admin/mail-health',
    auth: { staff: 'settings' },
    tags: ['admin'],
    responses: { 200: mailHealthResponse },
  }),
  /** Outgoing email, newest first, a page at a time. */
  outbox: endpoint({
    summary: 'The mail waiting, sent and failed, newest first',
    method: 'GET',
    path: '/api/admin/outbox',
    auth: { staff: 'settings' },
    tags: ['admin'],
    query: outboxQuery,
    responses: { 200: outboxResponse },
  }),
});
