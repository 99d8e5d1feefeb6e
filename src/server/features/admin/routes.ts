import type { FastifyInstance } from 'fastify';
import { adminApi } from '../../../contract/admin';
import type { AppContext } from '../../context';
import { actorOf, recordAudit } from '../../lib/audit-log';
import { cursorKeys, decodeCursor, page } from '../../lib/cursor';
import { maskLinkTokens } from '../../lib/mask';
import { register } from '../../plugins/register';
import { mailHealth, queueMail, recentMail } from '../mail/outbox';
import { testMail } from '../mail/templates';
import * as repo from './repository';

/**
 * What belongs to the panel itself: the site's numbers and its mail tools.
 * Each feature registers its own admin routes; all sit behind the admin guard (app.ts).
 */
export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, adminApi.stats, async () => ({
    stats: await repo.stats(ctx.db, ctx.clock.now()),
  }));

  register(app, ctx, adminApi.testEmail, async ({ request, body }) => {
    await ctx.db.transaction(async (tx) => {
      const id = await queueMail(tx, testMail(body.email, ctx.config.siteUrl));
      await recordAudit(
        tx,
        actorOf(request),
        { action: 'mail.test', targetType: 'mail', targetId: String(id), summary: 'Sent a test email' },
        ctx.clock.now(),
      );
    });
    return {
      message: ctx.config.smtpUrl
        ? `Test email queued for ${body.email}`
        : `No SMTP_URL is set: the test email for ${body.email} is in the outbox`,
    };
  });

  register(app, ctx, adminApi.mailHealth, async () => ({
    configured: Boolean(ctx.config.smtpUrl),
    ...(await mailHealth(ctx.db)),
  }));

  register(app, ctx, adminApi.outbox, async ({ query }) => {
    const from = decodeCursor(query.cursor, cursorKeys.id)?.[0];
    const { items, nextCursor } = page(
      await recentMail(ctx.db, from, query.limit + 1),
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
      query.limit,
    );
    return { mails: items, nextCursor };
  });
}
