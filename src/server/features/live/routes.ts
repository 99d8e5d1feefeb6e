import type { FastifyInstance } from 'fastify';
import { liveApi } from '../../../contract/live';
import { LIVE_STREAMS_PER_MEMBER, MISSED_EVENTS_MS } from '../../../contract/notifications';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { penceToPounds } from '../../lib/money';
import { register } from '../../plugins/register';
import { notificationsAfter, unreadOf } from '../notifications/repository';
import { presentNotification } from '../notifications/service';
import { balancesOf, sessionOfToken } from './repository';
import { EventStreams, frame, notificationFrame } from './streams';

/** The id of the last event a reconnecting browser saw (a notification's), or undefined. */
function lastEventId(header: string | string[] | undefined) {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^\d{1,18}$/.test(value) ? Number(value) : undefined;
}

/**
 * GET /api/users/me/events (DESIGN §9): the member's balance and notifications
 * as they change on any instance, as server-sent events, until the session ends.
 */
export async function liveRoutes(
  app: FastifyInstance,
  { ctx, heartbeatMs }: { ctx: AppContext; heartbeatMs?: number },
) {
  const streams = new EventStreams(ctx.live, () => ctx.clock.now(), heartbeatMs);
  app.addHook('preClose', (done) => {
    streams.closeAll();
    done();
  });

  register(app, ctx, liveApi.events, async ({ member: user, request, reply }) => {
    const release = streams.reserve(user.id);
    if (!release)
      throw new AppError(
        429,
        `You have PrizeDraw open in ${LIVE_STREAMS_PER_MEMBER} places already: close one to see live updates here`,
        'too_many_streams',
      );
    const missedSince = lastEventId(request.headers['last-event-id']);
    try {
      const session = await sessionOfToken(ctx.db, request.token!);
      await ctx.live.start();
      reply.hijack();
      await streams.add(
        reply.raw,
        { userId: user.id, sessionId: session!.id, expiresAt: session!.expiresAt, release },
        async () => {
          const now = ctx.clock.now();
          const unread = await unreadOf(ctx.db, user.id);
          // A reconnect: the notifications sent while it was away (kept a day), then where things stand.
          const missed =
            missedSince === undefined
              ? []
              : await notificationsAfter(
                  ctx.db,
                  user.id,
                  missedSince,
                  new Date(now.getTime() - MISSED_EVENTS_MS),
                );
          const fresh = await balancesOf(ctx.db, user.id);
          return [
            ...missed.map((n) => notificationFrame({ notification: presentNotification(n), unread })),
            frame('balance', {
              availableEntries: fresh!.available,
              totalEntries: fresh!.total,
              cash: penceToPounds(fresh!.cash),
            }),
            frame('unread', { unread }),
          ];
        },
      );
    } catch (err) {
      release();
      throw err;
    }
  });
}
