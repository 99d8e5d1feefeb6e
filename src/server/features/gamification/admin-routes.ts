import type { FastifyInstance } from 'fastify';
import { gamificationApi } from '../../../contract/gamification';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import { payWeeklyPrizes } from './leaderboard';

/** Leaderboard operations for admins. */
export async function adminGamificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Runs Monday's job now; a place already paid is never paid again, so pressing it twice is safe.
  register(app, ctx, gamificationApi.triggerWeeklyPayout, async ({ request }) => {
    const { weekStart, paid } = await payWeeklyPrizes(ctx.db, ctx.clock, actorOf(request));
    return { message: `Weekly payout complete: ${paid} paid for the week from ${weekStart}` };
  });
}
