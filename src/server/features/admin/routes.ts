import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminStatsResponse, outboxQuery, outboxResponse, testEmailBody } from '../../../contract/admin';
import { messageBody } from '../../../contract/common';
import type { AppContext } from '../../context';
import { actorOf, recordAudit } from '../../lib/audit-log';
import { cursorKeys, decodeCursor, page } from '../../lib/cursor';
import { maskLinkTokens } from '../../lib/mask';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import { queueMail, recentMail } from '../mail/outbox';
import { testMail } from '../mail/templates';
import * as repo from './repository';

/**
 * What belongs to the panel itself: the site's numbers and its mail tools.
 * Each feature registers its own admin routes; all sit behind the admin guard (app.ts).
 */
export async function adminRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/stats',
    { schema: { ...adminDocs, response: { 200: adminStatsResponse, ...adminErrors() } } },
    async () => ({
      stats: await repo.stats(ctx.db, ctx.clock.now()),
    }),
  );

  app.post(
    '/test-email',
    { schema: { ...adminDocs, body: testEmailBody, response: { 200: messageBody, ...adminErrors(400) } } },
    async (request) => {
      await ctx.db.transaction(async (tx) => {
        const id = await queueMail(tx, testMail(request.body.email, ctx.config.siteUrl));
        await recordAudit(
          tx,
          actorOf(request),
          { action: 'mail.test', targetType: 'mail', targetId: String(id), summary: 'Sent a test email' },
          ctx.clock.now(),
        );
      });
      return {
        message: ctx.config.smtpUrl
          ? `Test email queued for ${request.body.email}`
          : `No SMTP_URL is set: the test email for ${request.body.email} is in the outbox`,
      };
    },
  );

  app.get(
    '/outbox',
    {
      schema: {
        ...adminDocs,
        querystring: outboxQuery,
        response: { 200: outboxResponse, ...adminErrors(400) },
      },
    },
    async (request) => {
      const from = decodeCursor(request.query.cursor, cursorKeys.id)?.[0];
      const { items, nextCursor } = page(
        await recentMail(ctx.db, from, request.query.limit + 1),
        (m) => ({
          _id: String(m.id),
          to: m.to,
          subject: m.subject,
          text: maskLinkTokens(m.text),
          status: m.status,
          attempts: m.attempts,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
        }),
        (m) => [m.id],
        request.query.limit,
      );
      return { mails: items, nextCursor };
    },
  );
}
