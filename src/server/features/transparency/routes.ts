import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { transparencyApi } from '../../../contract/transparency-api';
import type { AppContext } from '../../context';
import { logCheckpoints } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { afterKey, cursorKeys, decodeCursor, page } from '../../lib/cursor';
import { register } from '../../plugins/register';
import { consistencyProof, inclusionProof, leavesBetween, newestCheckpoint, sizeOf } from './log';
import { verifierKeyOf } from './note';

const CHECKPOINTS_PAGE = 100;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** The public log, for anyone to check (DESIGN §18): its key, checkpoints, leaves and proofs. */
export async function transparencyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, transparencyApi.key, async () => {
    const key = await ctx.log.key();
    return { origin: key.origin, publicKey: b64(key.publicKey), verifierKey: verifierKeyOf(key) };
  });

  register(app, ctx, transparencyApi.checkpoint, async ({ reply }) => {
    const newest = await newestCheckpoint(ctx.db);
    // A log never signed yet (a new site) signs its first checkpoint now, of the tree as it is.
    const note = newest?.note ?? (await ctx.log.checkpoint())?.note;
    return reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(note);
  });

  register(app, ctx, transparencyApi.checkpoints, async ({ query }) => {
    const before = decodeCursor(query.cursor, cursorKeys.id)?.[0];
    const rows = await ctx.db
      .select()
      .from(logCheckpoints)
      .where(afterKey([logCheckpoints.id], before === undefined ? undefined : [before]))
      .orderBy(desc(logCheckpoints.id))
      .limit(CHECKPOINTS_PAGE + 1);
    const { items, nextCursor } = page(
      rows,
      (row) => ({ size: row.size, note: row.note, signedAt: row.signedAt.toISOString() }),
      (row) => [row.id],
      CHECKPOINTS_PAGE,
    );
    return { checkpoints: items, nextCursor };
  });

  /** Refuses a tree size the log has not reached. */
  const withinLog = async (size: number) => {
    const held = await sizeOf(ctx.db);
    if (size > held) throw badRequest(`The log holds ${held} leaves so far`, 'beyond_log');
  };

  register(app, ctx, transparencyApi.leaves, async ({ query }) => {
    await withinLog(query.end);
    const rows = await leavesBetween(ctx.db, query.start, query.end);
    return { leaves: rows.map((row) => ({ index: row.index!, data: b64(row.data) })) };
  });

  register(app, ctx, transparencyApi.inclusion, async ({ query }) => {
    await withinLog(query.size);
    return { hashes: (await inclusionProof(ctx.db, query.index, query.size)).map(b64) };
  });

  register(app, ctx, transparencyApi.consistency, async ({ query }) => {
    await withinLog(query.to);
    return { hashes: (await consistencyProof(ctx.db, query.from, query.to)).map(b64) };
  });
}
