import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type DrawProofResponse, drawProofResponse, drawsApi } from '../../../contract/draws';
import {
  prizeListResponse,
  prizeResponse,
  publicWinnersResponse,
  recentWinnersResponse,
} from '../../../contract/prizes';
import { prizesApi } from '../../../contract/prizes-api';
import { DRAW_ALGORITHM } from '../../../shared/draw';
import type { AppContext } from '../../context';
import { compressed, encodingFor } from '../../lib/compress-stream';
import { cursorKeys, decodeCursor } from '../../lib/cursor';
import { jsonObjectStream, type StreamedField } from '../../lib/json-stream';
import { etagMatches, JSON_TYPE } from '../../lib/read-cache/validators';
import { register } from '../../plugins/register';
import { drawProof } from './draw';
import { enterPrize } from './entering';
import { presentPrize } from './present';
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
    const result = await enterPrize(ctx, member.id, params.id, quantity);
    return { message: `Entered with ${quantity} entries!`, ...result };
  });

  // Public: the revealed seed and frozen snapshot of a drawn prize, for anyone to recompute the winners.
  // A proof may list a million entrants, so it is sent as it is read (lib/json-stream.ts), in the
  // contract's shape and order. It follows from what was frozen and from the places passed on since,
  // so those name its version: a client or CDN holding it is answered 304 without a row being read.
  register(app, ctx, drawsApi.proof, async ({ params, request, reply }) => {
    const proof = await drawProof(ctx.db, params.id);
    const { prize } = proof;
    // Sent compressed when the client takes it, each encoding with a version of its own.
    const encoding = encodingFor(request);
    const etag = `"${createHash('sha256')
      .update([prize.id, prize.seed, prize.snapshotHash, proof.replacements.length, encoding].join(':'))
      .digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', 'public, max-age=60, stale-while-revalidate=600');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    const parts: Record<keyof DrawProofResponse, StreamedField> = {
      prize: async () => ({
        _id: prize.id,
        title: prize.title,
        totalWinners: prize.totalWinners,
        drawnAt: prize.drawnAt!.toISOString(),
      }),
      commitment: async () => prize.commitment,
      seed: async () => prize.seed,
      snapshotHash: async () => prize.snapshotHash,
      snapshotAt: async () => prize.snapshotAt!.toISOString(),
      participants: () => proof.participants,
      winners: async () => proof.winnerIds,
      replacements: async () => proof.replacements,
      algorithm: async () => DRAW_ALGORITHM,
      beacon: async () => proof.beacon,
    };
    return reply
      .type(JSON_TYPE)
      .send(compressed(reply, jsonObjectStream(drawProofResponse, parts), encoding));
  });
}
