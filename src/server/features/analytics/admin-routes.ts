import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsQuery, analyticsResponse } from '../../../contract/analytics';
import type { AppContext } from '../../context';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import { analytics } from './service';

/** The Dashboard's day-by-day figures (DESIGN §8), under /api/admin, behind the admin guard (app.ts). */
export async function adminAnalyticsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/analytics',
    {
      schema: {
        ...adminDocs,
        querystring: analyticsQuery,
        response: { 200: analyticsResponse, ...adminErrors(400) },
      },
    },
    async (request) => analytics(ctx.db, ctx.clock.now(), request.query),
  );
}
