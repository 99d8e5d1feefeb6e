import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminWallResponse,
  adminWallsResponse,
  wallBody,
  wallParams,
  wallUpdate,
} from '../../../contract/offer-walls';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import * as service from './wall-service';

/** The offer walls (DESIGN §10), under /api/admin, behind the admin guard (app.ts). Secrets go in, never out. */
export async function adminOfferWallRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { siteUrl } = ctx.config;

  app.get(
    '/offerwalls',
    { schema: { ...adminDocs, response: { 200: adminWallsResponse, ...adminErrors() } } },
    async () => service.adminWalls(ctx.db, ctx.config),
  );

  app.post(
    '/offerwalls',
    { schema: { ...adminDocs, body: wallBody, response: { 201: adminWallResponse, ...adminErrors(400) } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createWall(ctx.db, ctx.clock, actorOf(request), siteUrl, request.body)),
  );

  app.put(
    '/offerwalls/:id',
    {
      schema: {
        ...adminDocs,
        params: wallParams,
        body: wallUpdate,
        response: { 200: adminWallResponse, ...adminErrors(400, 404) },
      },
    },
    async (request) =>
      service.updateWallSettings(
        ctx.db,
        ctx.clock,
        actorOf(request),
        siteUrl,
        request.params.id,
        request.body,
      ),
  );
}
