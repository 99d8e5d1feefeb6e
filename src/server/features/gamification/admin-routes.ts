import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageBody } from '../../../contract/common';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import { payWeeklyPrizes } from './leaderboard';

/** Leaderboard operations for admins: registered under /api/admin, behind the admin guard (app.ts). */
export async function adminGamificationRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Runs Monday's job now; a place already paid is never paid again, so pressing it twice is safe.
  app.post(
    '/trigger-weekly-payout',
    { schema: { ...adminDocs, response: { 200: messageBody, ...adminErrors() } } },
    async (request) => {
      const { weekStart, paid } = await payWeeklyPrizes(ctx.db, ctx.clock, actorOf(request));
      return { message: `Weekly payout complete: ${paid} paid for the week from ${weekStart}` };
    },
  );
}
