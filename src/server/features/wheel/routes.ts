import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canSpinResponse, spinResponse, wheelConfigResponse } from '../../../contract/wheel';
import type { AppContext } from '../../context';
import { errorResponses, signedIn } from '../../lib/route-docs';
import { guards } from '../../plugins/auth';
import * as service from './service';

/** The instant-win wheel, under /api/instant-win. */
export async function wheelRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireUser } = guards(ctx);
  const tags = ['instant-win'];

  app.get('/config', { schema: { tags, response: { 200: wheelConfigResponse } } }, (request, reply) =>
    ctx.publicCache.send(request, reply, 'wheel-config', wheelConfigResponse, async () => ({
      prizes: await service.wheelConfig(ctx.db),
    })),
  );

  app.get(
    '/can-spin',
    {
      onRequest: requireUser,
      schema: { tags, ...signedIn, response: { 200: canSpinResponse, ...errorResponses(401) } },
    },
    async (request) => service.canSpin(ctx.db, ctx.clock, request.user!.id),
  );

  app.post(
    '/spin',
    {
      onRequest: requireUser,
      schema: { tags, ...signedIn, response: { 200: spinResponse, ...errorResponses(401, 409, 429) } },
    },
    async (request) => service.spin(ctx.db, ctx.clock, request.user!.id),
  );
}
