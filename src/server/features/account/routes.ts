import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  breakBody,
  breakResponse,
  changeEmailBody,
  changePasswordBody,
  deleteAccountBody,
  exportResponse,
  sessionParams,
  sessionsResponse,
} from '../../../contract/account';
import { meResponse } from '../../../contract/auth';
import { messageBody } from '../../../contract/common';
import type { AppContext } from '../../context';
import { errorResponses, signedIn } from '../../lib/route-docs';
import { guards } from '../../plugins/auth';
import { presentUser } from '../auth/present';
import * as service from './service';

/** The signed-in user managing their own account, under /api/users/me. */
export async function accountRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', guards(ctx).requireUser);
  const schema = { tags: ['account'], ...signedIn };
  const done = { 200: messageBody, ...errorResponses(400, 401) };

  app.post(
    '/password',
    {
      config: { rateLimit: ctx.limits.login },
      schema: { ...schema, body: changePasswordBody, response: done },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      await service.changePassword(ctx, request.user!, request.token!, currentPassword, newPassword);
      return { message: 'Password changed. Your other sessions have been signed out.' };
    },
  );

  app.post(
    '/email',
    {
      config: { rateLimit: ctx.limits.login },
      schema: {
        ...schema,
        body: changeEmailBody,
        response: { 200: meResponse, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => {
      const user = await service.changeEmail(
        ctx,
        request.user!,
        request.token!,
        request.body.password,
        request.body.email,
      );
      return { user: presentUser(user) };
    },
  );

  app.get(
    '/sessions',
    { schema: { ...schema, response: { 200: sessionsResponse, ...errorResponses(401) } } },
    async (request) => ({ sessions: await service.listSessions(ctx, request.user!, request.token!) }),
  );

  app.delete('/sessions', { schema: { ...schema, response: done } }, async (request) => {
    await service.endOtherSessions(ctx, request.user!, request.token!);
    return { message: 'Signed out everywhere else' };
  });

  app.delete(
    '/sessions/:id',
    { schema: { ...schema, params: sessionParams, response: { ...done, ...errorResponses(404) } } },
    async (request) => {
      await service.endSession(ctx, request.user!, request.params.id);
      return { message: 'Session signed out' };
    },
  );

  app.get(
    '/export',
    { schema: { ...schema, response: { 200: exportResponse, ...errorResponses(401) } } },
    async (request, reply) => {
      const data = await service.exportData(ctx, request.user!);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="prizedraw-my-data-${day}.json"`)
        .send(data);
    },
  );

  app.post(
    '/break',
    { schema: { ...schema, body: breakBody, response: { 200: breakResponse, ...errorResponses(400, 401) } } },
    async (request) => service.takeBreak(ctx, request.user!, request.body.period),
  );

  app.delete(
    '/',
    {
      config: { rateLimit: ctx.limits.login },
      schema: { ...schema, body: deleteAccountBody, response: { ...done, ...errorResponses(409) } },
    },
    async (request) => {
      await service.deleteAccount(ctx, request.user!, request.body);
      return { message: 'Your account has been deleted. We are sorry to see you go.' };
    },
  );
}
