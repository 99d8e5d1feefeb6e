import type { FastifyInstance } from 'fastify';
import { transparencySummary as summarySchema } from '../../../contract/transparency';
import { transparencyApi } from '../../../contract/transparency-api';
import type { AppContext } from '../../context';
import { register } from '../../plugins/register';
import { transparencySummary } from './summary';

/** The transparency page's figures, for everyone: kept for the public cache's seconds, as other public reads. */
export async function figuresRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, transparencyApi.summary, ({ request, reply }) =>
    ctx.publicCache.send(request, reply, 'transparency:summary', summarySchema, () =>
      transparencySummary(ctx.db, ctx.clock.now(), ctx.config),
    ),
  );
}
