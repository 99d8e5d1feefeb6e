import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { drawProofResponse } from '../../../contract/draws';
import { prizeIdParams } from '../../../contract/prizes';
import { DRAW_ALGORITHM } from '../../../shared/draw';
import type { AppContext } from '../../context';
import { drawProof } from './service';

/** Public: the revealed seed and frozen snapshot of a drawn prize, for anyone to recompute the winners. */
export async function drawProofRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/:id/draw-proof',
    {
      schema: {
        tags: ['prizes'],
        params: prizeIdParams,
        response: { 200: drawProofResponse, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const { prize, participants, winnerIds } = await drawProof(ctx.db, request.params.id);
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
        participants,
        winners: winnerIds,
        algorithm: DRAW_ALGORITHM,
      };
    },
  );
}
