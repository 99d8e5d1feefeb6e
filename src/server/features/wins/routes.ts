import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageBody } from '../../../contract/common';
import { claimBody, claimParams, myWinsResponse } from '../../../contract/wins';
import type { AppContext } from '../../context';
import { errorResponses, signedIn } from '../../lib/route-docs';
import { guards } from '../../plugins/auth';
import * as service from './service';

/** The signed-in user's own wins, under /api/users/wins. */
export async function winRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', guards(ctx).requireUser);
  const schema = { tags: ['users'], ...signedIn };

  app.get(
    '/',
    { schema: { ...schema, response: { 200: myWinsResponse, ...errorResponses(401) } } },
    async (request) => ({
      wins: await service.myWins(ctx.db, request.user!.id),
    }),
  );

  app.post(
    '/:prizeId/claim',
    {
      schema: {
        ...schema,
        params: claimParams,
        body: claimBody,
        response: { 200: messageBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.claim(ctx.db, ctx.clock, request.user!, request.params.prizeId, request.body);
      return { message: 'Prize claimed! We will be in touch about delivery.' };
    },
  );
}
