import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateWheelOddsBody, wheelConfigResponse } from '../../../contract/wheel';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import * as service from './service';

/** The wheel's odds, under /api/admin/instant-win, behind the admin guard (app.ts). */
export async function adminWheelRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/config',
    {
      schema: {
        ...adminDocs,
        body: updateWheelOddsBody,
        response: { 200: wheelConfigResponse, ...adminErrors(400) },
      },
    },
    async (request) => ({ prizes: await service.setOdds(ctx.db, ctx.clock, actorOf(request), request.body) }),
  );
}
