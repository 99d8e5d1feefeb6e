import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sessions, users } from '../../db/schema';
import { errorResponses, signedIn } from '../../lib/route-docs';
import { hashToken } from '../../lib/tokens';
import { guards } from '../../plugins/auth';
import { unreadOf } from '../notifications/repository';
import { EventStreams, frame } from './streams';

/**
 * GET /api/users/me/events (DESIGN §9): the member's balance and notifications
 * as they change on any instance, as server-sent events, until the session ends.
 */
export async function liveRoutes(
  fastify: FastifyInstance,
  { ctx, heartbeatMs }: { ctx: AppContext; heartbeatMs?: number },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const streams = new EventStreams(ctx.live, () => ctx.clock.now(), heartbeatMs);
  app.addHook('preClose', (done) => {
    streams.closeAll();
    done();
  });

  app.get(
    '/events',
    {
      onRequest: guards(ctx).requireUser,
      schema: {
        tags: ['notifications'],
        ...signedIn,
        description:
          'text/event-stream: `balance` { availableEntries, totalEntries, cash }, `notification` { notification, unread }, `unread` { unread }, `resync` (read everything afresh), `session_end`; a comment line as heartbeat.',
        response: errorResponses(401, 403),
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const [session] = await ctx.db
        .select({ id: sessions.id, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(request.token!)));
      await ctx.live.start();
      reply.hijack();
      await streams.add(
        reply.raw,
        { userId: user.id, sessionId: session!.id, expiresAt: session!.expiresAt },
        async () => {
          const [fresh] = await ctx.db
            .select({ available: users.availableEntries, total: users.totalEntries, cash: users.cashPence })
            .from(users)
            .where(eq(users.id, user.id));
          return [
            frame('balance', {
              availableEntries: fresh!.available,
              totalEntries: fresh!.total,
              cash: fresh!.cash / 100,
            }),
            frame('unread', { unread: await unreadOf(ctx.db, user.id) }),
          ];
        },
      );
    },
  );
}
