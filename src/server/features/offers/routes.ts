import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { memberWallsResponse, wallParams } from '../../../contract/offer-walls';
import { offerStatsResponse, offerWallResponse } from '../../../contract/offers';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { guards } from '../../plugins/auth';
import { PROVIDERS } from './providers';
import { badSignature, type OfferWallProvider, type PostbackRequest, sentParams } from './providers/provider';
import { applyConversion, offerStats, offerWallUrl, type PostbackWall } from './service';
import { allows, memberWalls } from './wall-service';
import { findWall } from './walls';

/** A body's fields as the provider wrote them (the signatures cover the text: "10", not 10), each once. */
function bodyFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) throw badRequest(`${key} is given more than once`, 'bad_postback');
    if (typeof value === 'object' && value !== null)
      throw badRequest(`${key} must be a plain value`, 'bad_postback');
    fields[key] = String(value);
  }
  return fields;
}

/** A postback as its provider may send it: its parameters from where the provider puts them, and no more. */
function postbackRequest(
  request: FastifyRequest,
  siteUrl: string,
  provider: OfferWallProvider,
): PostbackRequest {
  const at = request.url.indexOf('?');
  const query = at < 0 ? '' : request.url.slice(at + 1);
  const params = sentParams({ query, body: bodyFields(request.body) }, provider.sends);
  return { params, headers: request.headers, url: `${siteUrl}${request.url}` };
}

export async function offerRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Providers POST form-encoded or multipart postbacks (Revtoo documents multipart); only these routes accept that.
  await fastify.register(formbody);
  await fastify.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 50, fieldSize: 2048, files: 0, parts: 50 },
  });
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

  app.get(
    '/walls',
    { onRequest: requireUser, schema: { ...common, response: { 200: memberWallsResponse, 401: errorBody } } },
    async (request) => ({ walls: await memberWalls(ctx.db, ctx.config, request.user!.id) }),
  );

  // Called by the providers' servers, not by people: each answers as its provider expects.
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    provider: OfferWallProvider,
    wall: PostbackWall,
    secret: string | undefined,
  ) => {
    if (!secret) throw badSignature();
    const conversion = provider.read(postbackRequest(request, ctx.config.siteUrl, provider), secret);
    await applyConversion(ctx.db, ctx.clock, { wall, usdToGbp: ctx.config.usdToGbp }, conversion);
    return reply.status(provider.received.status).type('text/plain').send(provider.received.body);
  };

  // The environment's wall (DESIGN §4), in the generic scheme.
  const environmentWall = (request: FastifyRequest, reply: FastifyReply) =>
    answer(
      request,
      reply,
      PROVIDERS.generic,
      { id: null, entriesPerPound: null },
      ctx.config.offerwall.secret,
    );
  // A GET that credits: it clears the public reads like any write (app.ts).
  app.get('/postback', { schema: { tags: ['offers'] }, config: { writes: true } }, environmentWall);
  app.post('/postback', { schema: { tags: ['offers'] } }, environmentWall);

  // A wall an admin set up (DESIGN §10), in its provider's own parameters and signature. A wall switched
  // off still takes postbacks: a member who completed an offer before is owed it, and reversals still come.
  const wallPostback = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const wall = await findWall(ctx.db, request.params.id);
    if (!wall) throw notFound('Offer wall not found');
    if (!allows(wall.ipAllowlist, request.ip))
      throw new AppError(
        403,
        'Postbacks for this wall are not accepted from this address',
        'address_not_allowed',
      );
    return answer(request, reply, PROVIDERS[wall.provider], wall, wall.secret);
  };
  const wallSchema = { tags: ['offers'], params: wallParams };
  app.get('/postback/:id', { schema: wallSchema, config: { writes: true } }, wallPostback);
  app.post('/postback/:id', { schema: wallSchema }, wallPostback);
}
