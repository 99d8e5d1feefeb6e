import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageBody } from '../../../contract/common';
import { adminWinnersQuery, adminWinnersResponse, winnerParams } from '../../../contract/wins';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import * as service from './service';

/** Every winner with their contact details, under /api/admin/winners, behind the admin guard (app.ts). */
export async function adminWinnerRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        ...adminDocs,
        querystring: adminWinnersQuery,
        response: { 200: adminWinnersResponse, ...adminErrors(400) },
      },
    },
    async (request) => service.adminWinners(ctx.db, request.query),
  );

  app.put(
    '/:prizeId/:userId/notify',
    { schema: { ...adminDocs, params: winnerParams, response: { 200: messageBody, ...adminErrors(404) } } },
    async (request) => {
      const { prizeId, userId } = request.params;
      await service.markNotified(ctx.db, ctx.clock, actorOf(request), prizeId, userId);
      return { message: 'Winner marked as notified' };
    },
  );
}
