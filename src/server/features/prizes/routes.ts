import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { drawProofResponse } from '../../../contract/draws';
import {
  enterBody,
  enterResponse,
  prizeIdParams,
  prizeListResponse,
  prizeResponse,
  publicWinnersResponse,
  recentWinnersResponse,
} from '../../../contract/prizes';
import { DRAW_ALGORITHM } from '../../../shared/draw';
import type { AppContext } from '../../context';
import { errorResponses, signedIn } from '../../lib/route-docs';
import { guards } from '../../plugins/auth';
import { drawProof } from './draw';
import { presentPrize } from './present';
import * as service from './service';

export async function prizeRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { optionalUser, requireUserSaying } = guards(ctx);
  const tags = ['prizes'];

  app.get(
    '/',
    { onRequest: optionalUser, schema: { tags, response: { 200: prizeListResponse } } },
    async (request) => {
      const now = ctx.clock.now();
      const rows = await service.listPrizes(ctx.db, now, request.user?.id);
      return { prizes: rows.map((row) => presentPrize(row, now)) };
    },
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
      schema: { tags, params: prizeIdParams, response: { 200: prizeResponse, ...errorResponses(404) } },
    },
    async (request) => ({
      prize: presentPrize(
        await service.getPrize(ctx.db, request.params.id, request.user?.id),
        ctx.clock.now(),
      ),
    }),
  );

  app.post(
    '/:id/enter',
    {
      onRequest: requireUserSaying('Please login to enter'),
      schema: {
        tags,
        ...signedIn,
        params: prizeIdParams,
        body: enterBody,
        response: { 200: enterResponse, ...errorResponses(400, 401, 404, 409) },
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

  // Public: the revealed seed and frozen snapshot of a drawn prize, for anyone to recompute the winners.
  app.get(
    '/:id/draw-proof',
    {
      schema: {
        tags,
        params: prizeIdParams,
        response: { 200: drawProofResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const { prize, participants, winnerIds, beacon } = await drawProof(ctx.db, request.params.id);
      return {
        prize: {
          _id: prize.id,
          title: prize.title,
          totalWinners: prize.totalWinners,
          drawnAt: prize.drawnAt!.toISOString(),
        },
        commitment: prize.commitment!,
        seed: prize.seed!,
        snapshotHash: prize.snapshotHash!,
        snapshotAt: prize.snapshotAt!.toISOString(),
        participants,
        winners: winnerIds,
        algorithm: DRAW_ALGORITHM,
        beacon,
      };
    },
  );
}
