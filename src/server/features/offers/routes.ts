import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { offersApi } from '../../../contract/offer-walls';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { register } from '../../plugins/register';
import { applyConversion, offerWallUrl, type PostbackWall } from './conversions';
import { PROVIDERS } from './providers';
import { badSignature, type OfferWallProvider, type PostbackRequest, sentParams } from './providers/provider';
import { creditedOffersOf, findWall } from './repository';
import { allows, memberWalls } from './walls';

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

export async function offerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Providers POST form-encoded or multipart postbacks (Revtoo documents multipart); only these routes accept that.
  await app.register(formbody);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 50, fieldSize: 2048, files: 0, parts: 50 },
  });

  register(app, ctx, offersApi.stats, async ({ member }) => ({
    stats: await creditedOffersOf(ctx.db, member.id),
  }));
  register(app, ctx, offersApi.wall, ({ member }) => ({ url: offerWallUrl(ctx.config, member.id) }));
  register(app, ctx, offersApi.walls, async ({ member }) => ({
    walls: await memberWalls(ctx.db, ctx.config, member.id),
  }));

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
  const environmentWall = ({ request, reply }: { request: FastifyRequest; reply: FastifyReply }) =>
    answer(
      request,
      reply,
      PROVIDERS.generic,
      { id: null, entriesPerPound: null },
      ctx.config.offerwall.secret,
    );
  register(app, ctx, offersApi.postbackGet, environmentWall);
  register(app, ctx, offersApi.postbackPost, environmentWall);

  // A wall an admin set up (DESIGN §10), in its provider's own parameters and signature. A wall switched
  // off still takes postbacks: a member who completed an offer before is owed it, and reversals still come.
  const wallPostback = async ({
    params,
    request,
    reply,
  }: {
    params?: { id: string };
    request: FastifyRequest;
    reply: FastifyReply;
  }) => {
    const wall = await findWall(ctx.db, params!.id);
    if (!wall) throw notFound('Offer wall not found');
    if (!allows(wall.ipAllowlist, request.ip))
      throw new AppError(
        403,
        'Postbacks for this wall are not accepted from this address',
        'address_not_allowed',
      );
    return answer(request, reply, PROVIDERS[wall.provider], wall, wall.secret);
  };
  register(app, ctx, offersApi.wallPostbackGet, wallPostback);
  register(app, ctx, offersApi.wallPostbackPost, wallPostback);
}
