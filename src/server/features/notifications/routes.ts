import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  markReadBody,
  markReadResponse,
  notificationsQuery,
  notificationsResponse,
  PUSH_SUBSCRIPTIONS_PER_MEMBER,
  preferencesResponse,
  preferencesUpdate,
  pushKeyResponse,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  unsubscribeQuery,
  unsubscribeResponse,
  unsubscribeToken,
} from '../../../contract/notifications';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/app-error';
import { lockUser } from '../../lib/locks';
import { errorResponses, signedIn } from '../../lib/route-docs';
import { guards } from '../../plugins/auth';
import { pushServiceAllowed } from './push';
import * as repo from './repository';
import * as service from './service';

/** A member's notifications, email and push choices and push subscriptions, and unsubscribing by link, under /api. */
export async function notificationRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Mail apps send one-click unsubscribes form-encoded (RFC 8058); only these routes accept that.
  await fastify.register(formbody);
  // One-click unsubscribe (RFC 8058 §3.2): mail providers SHOULD post multipart/form-data.
  await fastify.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 10, fieldSize: 1024, files: 0, parts: 10 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireUser } = guards(ctx);
  const schema = { tags: ['notifications'], ...signedIn };

  app.get(
    '/users/me/notifications',
    {
      onRequest: requireUser,
      schema: {
        ...schema,
        querystring: notificationsQuery,
        response: { 200: notificationsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.notificationsOf(ctx.db, request.user!.id, request.query.cursor),
  );

  app.post(
    '/users/me/notifications/read',
    {
      onRequest: requireUser,
      schema: {
        ...schema,
        body: markReadBody,
        response: { 200: markReadResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.markRead(ctx.db, ctx.clock, request.user!.id, request.body),
  );

  app.get(
    '/users/me/preferences',
    {
      onRequest: requireUser,
      schema: { ...schema, response: { 200: preferencesResponse, ...errorResponses(401, 403) } },
    },
    async (request) => ({ preferences: await repo.preferencesOf(ctx.db, request.user!.id) }),
  );

  app.put(
    '/users/me/preferences',
    {
      onRequest: requireUser,
      schema: {
        ...schema,
        body: preferencesUpdate,
        response: { 200: preferencesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      preferences: await service.updatePreferences(ctx.db, ctx.clock, request.user!.id, request.body),
    }),
  );

  app.get(
    '/push/key',
    { schema: { tags: ['notifications'], response: { 200: pushKeyResponse } } },
    async () => ({ publicKey: (await ctx.keys.vapid()).publicKey }),
  );

  app.post(
    '/users/me/push-subscriptions',
    {
      onRequest: requireUser,
      schema: {
        ...schema,
        body: pushSubscriptionBody,
        response: { 201: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      if (!pushServiceAllowed(endpoint, ctx.config.pushServiceHosts))
        throw badRequest(
          'Notifications cannot be sent through this browser’s push service',
          'push_service_not_allowed',
        );
      const userId = request.user!.id;
      await ctx.db.transaction(async (tx) => {
        // One at a time per member, so the cap holds however many arrive together.
        await lockUser(tx, userId);
        if ((await repo.subscriptionsBesides(tx, userId, endpoint)) >= PUSH_SUBSCRIPTIONS_PER_MEMBER)
          throw new AppError(
            429,
            `Notifications are on for ${PUSH_SUBSCRIPTIONS_PER_MEMBER} devices already: turn them off on one first`,
            'too_many_devices',
          );
        await repo.saveSubscription(tx, userId, { endpoint, ...keys });
      });
      return reply.status(201).send({ message: 'Notifications are on for this device' });
    },
  );

  app.delete(
    '/users/me/push-subscriptions',
    {
      onRequest: requireUser,
      schema: {
        ...schema,
        body: pushUnsubscribeBody,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await repo.deleteSubscription(ctx.db, request.user!.id, request.body.endpoint);
      return { message: 'Notifications are off for this device' };
    },
  );

  // The address in List-Unsubscribe: a mail app posts `List-Unsubscribe=One-Click` to it (RFC 8058), the web
  // page posts `{ token }`. Either way the token is all it takes, as nobody signs in from an email.
  app.post(
    '/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        querystring: unsubscribeQuery,
        body: z.looseObject({ token: unsubscribeToken.optional() }).optional(),
        response: { 200: unsubscribeResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      const token = request.body?.token ?? request.query.token;
      if (!token) throw badRequest('That unsubscribe link is not valid', 'bad_token');
      return service.unsubscribe(ctx.db, ctx.clock, ctx.keys, token);
    },
  );

  // Opened in a browser, the same address shows the page, which asks before it changes anything:
  // link checkers in mail systems open links, and must not unsubscribe anyone.
  app.get(
    '/unsubscribe',
    { schema: { tags: ['notifications'], querystring: unsubscribeQuery } },
    async (request, reply) =>
      reply.redirect(
        `/unsubscribe${request.query.token ? `?token=${encodeURIComponent(request.query.token)}` : ''}`,
        303,
      ),
  );
}
