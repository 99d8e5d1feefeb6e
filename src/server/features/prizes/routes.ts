import type { FastifyInstance } from 'fastify';
import { drawProofResponse, drawsApi } from '../../../contract/draws';
import {
  prizeListResponse,
  prizeResponse,
  publicWinnersResponse,
  recentWinnersResponse,
} from '../../../contract/prizes';
import { prizesApi } from '../../../contract/prizes-api';
import { DRAW_ALGORITHM } from '../../../shared/draw';
import type { AppContext } from '../../context';
import { cursorKeys, decodeCursor } from '../../lib/cursor';
import { register } from '../../plugins/register';
import { drawProof } from './draw';
import { enterPrize } from './entering';
import { presentPrize } from './present';
import { replacementCount } from './replacements';
import * as service from './service';

/** The prizes, for everyone (DESIGN §14: each call as its definition in the contract says). */
export async function prizeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // The reads every visitor gets alike: kept for seconds, cleared by any write, sent with an ETag.
  register(app, ctx, prizesApi.list, ({ request, reply }) =>
    ctx.publicCache.send(request, reply, 'prizes:list', prizeListResponse, async () => {
      const now = ctx.clock.now();
      return { prizes: (await service.listPrizes(ctx.db, now)).map((row) => presentPrize(row, now)) };
    }),
  );

  register(app, ctx, prizesApi.recentWinners, ({ request, reply }) =>
    ctx.publicCache.send(request, reply, 'winners:recent', recentWinnersResponse, async () => ({
      winners: await service.recentWinners(ctx.db),
    })),
  );

  register(app, ctx, prizesApi.winners, ({ request, reply, query }) => {
    // Checked before the cache: a page link this server did not make is a 400, and nothing kept.
    const from = decodeCursor(query.cursor, cursorKeys.timePlaceAndId);
    return ctx.publicCache.send(
      request,
      reply,
      `winners:all:${query.cursor ?? ''}`,
      publicWinnersResponse,
      () => service.publicWinners(ctx.db, from),
    );
  });

  register(app, ctx, prizesApi.prize, ({ params, request, reply }) =>
    // Ids in any letter case name the same prize: one entry for them all.
    ctx.publicCache.send(request, reply, `prizes:${params.id.toLowerCase()}`, prizeResponse, async () => ({
      prize: presentPrize(await service.getPrize(ctx.db, params.id), ctx.clock.now()),
    })),
  );

  register(app, ctx, prizesApi.myEntries, async ({ params, member }) => ({
    userEntries: await service.myEntriesIn(ctx.db, params.id, member.id),
  }));

  register(app, ctx, prizesApi.enter, async ({ params, body, member }) => {
    const quantity = body.entries;
    const result = await enterPrize(ctx.db, ctx.clock, ctx.entryTerms, member.id, params.id, quantity);
    return { message: `Entered with ${quantity} entries!`, ...result };
  });

  // Public: the revealed seed and frozen snapshot of a drawn prize, for anyone to recompute the winners.
  // A drawn prize's proof may list a million entrants: it is built once for everyone asking at that
  // moment and kept a while. It changes only when a place is passed on, so it is kept under the
  // count of those: one passed on on any instance makes every instance build it again.
  register(app, ctx, drawsApi.proof, async ({ params, request, reply }) =>
    ctx.proofCache.send(
      request,
      reply,
      `prizes:${params.id.toLowerCase()}#${await replacementCount(ctx.db, params.id)}`,
      drawProofResponse,
      async () => {
        const { prize, participants, winnerIds, replacements, beacon } = await drawProof(ctx.db, params.id);
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
