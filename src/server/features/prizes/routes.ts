import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import {
  enterBody,
  enterResponse,
  prizeIdParams,
  prizeListResponse,
  prizeResponse,
  publicWinnersResponse,
  recentWinnersResponse,
} from '../../../contract/prizes';
import type { AppContext } from '../../context';
import { guards } from '../../plugins/auth';
import { presentPrize } from './present';
import * as repo from './repository';
import * as service from './service';

export async function prizeRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { optionalUser, requireUserSaying } = guards(ctx);
  const tags = ['prizes'];

  app.get(
    '/',
    { onRequest: optionalUser, schema: { tags, response: { 200: prizeListResponse } } },
    async (request) => ({
      prizes: (await repo.listOpenPrizes(ctx.db, request.user?.id)).map(presentPrize),
    }),
  );

  app.get('/recent-winners', { schema: { tags, response: { 200: recentWinnersResponse } } }, async () => ({
    winners: await service.recentWinners(ctx.db),
  }));

  app.get('/winners/all', { schema: { tags, response: { 200: publicWinnersResponse } } }, async () => ({
    winners: await service.publicWinners(ctx.db),
  }));

  app.get(
    '/:id',
    {
      onRequest: optionalUser,
      schema: { tags, params: prizeIdParams, response: { 200: prizeResponse, 404: errorBody } },
    },
    async (request) => ({
      prize: presentPrize(await service.getPrize(ctx.db, request.params.id, request.user?.id)),
    }),
  );

  app.post(
    '/:id/enter',
    {
      onRequest: requireUserSaying('Please login to enter'),
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: prizeIdParams,
        body: enterBody,
        response: { 200: enterResponse, 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const quantity = request.body.entries;
      const result = await service.enterPrize(
        ctx.db,
        ctx.clock,
        request.user!.id,
        request.params.id,
        quantity,
      );
      return { message: `Entered with ${quantity} entries!`, ...result };
    },
  );
}
