import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cashResponse, withdrawalBody, withdrawalResponse } from '../../../contract/cash';
import type { AppContext } from '../../context';
import { errorResponses, signedIn } from '../../lib/route-docs';
import { guards } from '../../plugins/auth';
import * as service from './service';

/** The signed-in user's cash balance and payouts, under /api/users. */
export async function cashRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', guards(ctx).requireUser);
  const schema = { tags: ['cash'], ...signedIn };

  app.get(
    '/cash',
    { schema: { ...schema, response: { 200: cashResponse, ...errorResponses(401) } } },
    async (request) => service.cashOf(ctx.db, request.user!),
  );

  app.post(
    '/withdrawals',
    {
      schema: {
        ...schema,
        body: withdrawalBody,
        response: { 201: withdrawalResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.requestWithdrawal(ctx.db, ctx.clock, request.user!, request.body)),
  );
}
