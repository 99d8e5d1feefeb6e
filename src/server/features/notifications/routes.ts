import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { PUSH_SUBSCRIPTIONS_PER_MEMBER } from '../../../contract/notifications';
import { notificationsApi } from '../../../contract/notifications-api';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/app-error';
import { lockUser } from '../../lib/locks';
import { register } from '../../plugins/register';
import { pushServiceAllowed } from './push';
import * as repo from './repository';
import * as service from './service';

/** A member's notifications, email and push choices and push subscriptions, and unsubscribing by link, under /api. */
export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Mail apps send one-click unsubscribes form-encoded (RFC 8058); only these routes accept that.
  await app.register(formbody);
  // One-click unsubscribe (RFC 8058 §3.2): mail providers SHOULD post multipart/form-data.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 10, fieldSize: 1024, files: 0, parts: 10 },
  });

  register(app, ctx, notificationsApi.list, ({ member, query }) =>
    service.notificationsOf(ctx.db, member.id, query.cursor),
  );

  register(app, ctx, notificationsApi.markRead, ({ member, body }) =>
    service.markRead(ctx.db, ctx.clock, member.id, body),
  );

  register(app, ctx, notificationsApi.preferences, async ({ member }) => ({
    preferences: await repo.preferencesOf(ctx.db, member.id),
  }));

  register(app, ctx, notificationsApi.updatePreferences, async ({ member, body }) => ({
    preferences: await service.updatePreferences(ctx.db, ctx.clock, member.id, body),
  }));

  register(app, ctx, notificationsApi.pushKey, async () => ({
    publicKey: (await ctx.keys.vapid()).publicKey,
  }));

  register(app, ctx, notificationsApi.subscribePush, async ({ member, body }) => {
    const { endpoint, keys } = body;
    if (!pushServiceAllowed(endpoint, ctx.config.pushServiceHosts))
      throw badRequest(
        'Notifications cannot be sent through this browser’s push service',
        'push_service_not_allowed',
      );
    await ctx.db.transaction(async (tx) => {
      // One at a time per member, so the cap holds however many arrive together.
      await lockUser(tx, member.id);
      if ((await repo.subscriptionsBesides(tx, member.id, endpoint)) >= PUSH_SUBSCRIPTIONS_PER_MEMBER)
        throw new AppError(
          429,
          `Notifications are on for ${PUSH_SUBSCRIPTIONS_PER_MEMBER} devices already: turn them off on one first`,
          'too_many_devices',
        );
      await repo.saveSubscription(tx, member.id, { endpoint, ...keys });
    });
    return { message: 'Notifications are on for this device' };
  });

  register(app, ctx, notificationsApi.unsubscribePush, async ({ member, body }) => {
    await repo.deleteSubscription(ctx.db, member.id, body.endpoint);
    return { message: 'Notifications are off for this device' };
  });

  // The address in List-Unsubscribe: a mail app posts `List-Unsubscribe=One-Click` to it (RFC 8058), the web
  // page posts `{ token }`. Either way the token is all it takes, as nobody signs in from an email.
  register(app, ctx, notificationsApi.unsubscribe, async ({ body, query }) => {
    const token = body?.token ?? query.token;
    if (!token) throw badRequest('That unsubscribe link is not valid', 'bad_token');
    return service.unsubscribe(ctx.db, ctx.clock, ctx.keys, token);
  });

  // Opened in a browser, the same address shows the page, which asks before it changes anything:
  // link checkers in mail systems open links, and must not unsubscribe anyone.
  register(app, ctx, notificationsApi.unsubscribePage, ({ query, reply }) => {
    const page = `/unsubscribe${query.token ? `?token=${encodeURIComponent(query.token)}` : ''}`;
    // With a short note naming the page, as RFC 9110 §15.4.4 suggests, for a client that does not follow it.
    return reply.header('location', page).type('text/plain; charset=utf-8').send(`See ${page}`);
  });
}
