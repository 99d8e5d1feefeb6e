import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { drawProofResponse } from '../../../contract/draws';
import {
  enterBody,
  enterResponse,
  myPrizeEntriesResponse,
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
import { enterPrize } from './entering';
import { presentPrize } from './present';
import { replacementCount } from './replacements';
import * as service from './service';

export async function prizeRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireUser, requireUserSaying } = guards(ctx);
  const tags = ['prizes'];

  // The reads every visitor gets alike: kept for seconds, cleared by any write, sent with an ETag.
  app.get('/', { schema: { tags, response: { 200: prizeListResponse } } }, (request, reply) =>
    ctx.publicCache.send(request, reply, 'prizes', prizeListResponse, async () => {
      const now = ctx.clock.now();
      return { prizes: (await service.listPrizes(ctx.db, now)).map((row) => presentPrize(row, now)) };
    }),
  );

  app.get(
    '/recent-winners',
    { schema: { tags, response: { 200: recentWinnersResponse } } },
    (request, reply) =>
      ctx.publicCache.send(request, reply, 'recent-winners', recentWinnersResponse, async () => ({
        winners: await service.recentWinners(ctx.db),
      })),
  );

  app.get('/winners/all', { schema: { tags, response: { 200: publicWinnersResponse } } }, (request, reply) =>
    ctx.publicCache.send(request, reply, 'winners', publicWinnersResponse, async () => ({
      winners: await service.publicWinners(ctx.db),
    })),
  );

  app.get(
    '/:id',
    { schema: { tags, params: prizeIdParams, response: { 200: prizeResponse, ...errorResponses(404) } } },
    (request, reply) =>
      // Ids in any letter case name the same prize: one entry for them all.
      ctx.publicCache.send(
        request,
        reply,
        `prize:${request.params.id.toLowerCase()}`,
        prizeResponse,
        async () => ({
          prize: presentPrize(await service.getPrize(ctx.db, request.params.id), ctx.clock.now()),
        }),
      ),
  );

  app.get(
    '/:id/my-entries',
    {
      onRequest: requireUser,
      schema: {
        tags,
        ...signedIn,
        params: prizeIdParams,
        response: { 200: myPrizeEntriesResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      userEntries: await service.myEntriesIn(ctx.db, request.params.id, request.user!.id),
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
      const result = await enterPrize(
        ctx.db,
        ctx.clock,
        ctx.entryTerms,
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
    // A drawn prize's proof may list a million entrants: it is built once for everyone asking at that
    // moment and kept a while. It changes only when a place is passed on, so it is kept under the
    // count of those: one passed on on any instance makes every instance build it again.
    async (request, reply) =>
      ctx.proofCache.send(
        request,
        reply,
        `${request.params.id.toLowerCase()}#${await replacementCount(ctx.db, request.params.id)}`,
        drawProofResponse,
        async () => {
          const { prize, participants, winnerIds, replacements, beacon } = await drawProof(
            ctx.db,
            request.params.id,
          );
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
            replacements,
            algorithm: DRAW_ALGORITHM,
            beacon,
          };
        },
        'public, max-age=60, stale-while-revalidate=600',
      ),
  );
}
