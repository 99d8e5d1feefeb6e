import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBody, meResponse, registerBody, sessionResponse } from '../../../contract/auth';
import { errorBody, messageBody } from '../../../contract/common';
import type { AppContext } from '../../context';
import { guards } from '../../plugins/auth';
import { presentUser } from './present';
import * as service from './service';

const errors = { 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody };

export async function authRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireUser } = guards(ctx);

  app.post(
    '/register',
    {
      config: { rateLimit: ctx.limits.register },
      schema: { tags: ['auth'], body: registerBody, response: { 201: sessionResponse, ...errors } },
    },
    async (request, reply) => {
      const { acceptTerms: _accepted, ...input } = request.body;
      const { token, user, newAchievements } = await service.register(ctx.db, ctx.clock, input);
      return reply.status(201).send({ token, user: presentUser(user), newAchievements });
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit: ctx.limits.login },
      schema: { tags: ['auth'], body: loginBody, response: { 200: sessionResponse, ...errors } },
    },
    async (request) => {
      const { email, password } = request.body;
      const { token, user, newAchievements } = await service.login(
        ctx.db,
        ctx.clock,
        ctx.limits.loginFailures,
        email,
        password,
      );
      return { token, user: presentUser(user), newAchievements };
    },
  );

  app.get(
    '/me',
    {
      onRequest: requireUser,
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: meResponse, 401: errorBody } },
    },
    async (request) => ({ user: presentUser(request.user!) }),
  );

  app.post(
    '/logout',
    {
      onRequest: requireUser,
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: messageBody, 401: errorBody } },
    },
    async (request) => {
      await service.logout(ctx.db, request.token!);
      return { message: 'Logged out successfully' };
    },
  );
}
