import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { offerStatsResponse, offerWallResponse, postbackParams } from '../../../contract/offers';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { guards } from '../../plugins/auth';
import { applyPostback, offerStats, offerWallUrl } from './service';

export async function offerRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Providers often POST form-encoded postbacks; only these routes accept that.
  await fastify.register(formbody);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireUser } = guards(ctx);
  const common = { tags: ['offers'], security: [{ bearer: [] }] };

  app.get(
    '/stats',
    { onRequest: requireUser, schema: { ...common, response: { 200: offerStatsResponse, 401: errorBody } } },
    async (request) => ({
      stats: await offerStats(ctx.db, request.user!.id),
    }),
  );

  app.get(
    '/wall',
    { onRequest: requireUser, schema: { ...common, response: { 200: offerWallResponse, 401: errorBody } } },
    async (request) => ({
      url: offerWallUrl(ctx.config, request.user!.id),
    }),
  );

  // Called by the provider's servers, not by people: parameters in the query string or a JSON body; answers `1`.
  const postback = async (
    request: { query: unknown; body?: unknown },
    reply: { type(t: string): { send(b: string): unknown } },
  ) => {
    const body = typeof request.body === 'object' && request.body ? request.body : {};
    // Every value as the provider wrote it, since the signature covers the text ("10", not 10).
    const raw = Object.fromEntries(
      Object.entries({ ...(request.query as object), ...body }).map(([k, v]) => [
        k,
        typeof v === 'number' ? String(v) : v,
      ]),
    );
    const parsed = postbackParams.safeParse(raw);
    if (!parsed.success)
      throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid postback', 'bad_postback');
    await applyPostback(ctx.db, ctx.clock, ctx.config.offerwall.secret, parsed.data);
    return reply.type('text/plain').send('1');
  };
  // A GET that credits: it clears the public reads like any write (app.ts).
  app.get('/postback', { schema: { tags: ['offers'] }, config: { writes: true } }, postback);
  app.post('/postback', { schema: { tags: ['offers'] } }, postback);
}
