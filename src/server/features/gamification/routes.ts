import type { FastifyInstance } from 'fastify';
import { gamificationApi, leaderboardResponse, positionResponse } from '../../../contract/gamification';
import type { AppContext } from '../../context';
import { periodStarts } from '../../lib/london';
import { hashToken } from '../../lib/tokens';
import { bearerToken, guards } from '../../plugins/auth';
import { register } from '../../plugins/register';
import { leaderboard, position } from './leaderboard';
import { gamificationStats as statsOf } from './stats';
import { updateStreak } from './streaks';

/** Streaks, levels and the leaderboard (DESIGN §14: each call as its definition in the contract says). */
export async function gamificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { requireUser } = guards(ctx);

  register(app, ctx, gamificationApi.stats, ({ member }) => statsOf(ctx.db, ctx.clock, member.id));

  register(app, ctx, gamificationApi.updateStreak, ({ member }) =>
    updateStreak(ctx.db, ctx.clock, member.id),
  );

  // Public: names are masked and nothing is per-user.
  register(app, ctx, gamificationApi.leaderboard, ({ request, reply, query }) =>
    ctx.publicCache.send(request, reply, `leaderboard:${query.period}`, leaderboardResponse, async () => ({
      period: query.period,
      leaderboard: await leaderboard(ctx.db, ctx.clock, query.period),
    })),
  );

  // A member's own position, kept per session as long as the board it is read against. A kept
  // answer goes only to the token that was checked for it, and any write in this process clears it.
  // So the session is checked here, on a miss, and not by a guard in front (the definition's auth).
  register(
    app,
    ctx,
    gamificationApi.position,
    ({ request, reply, query }) => {
      const token = bearerToken(request);
      if (!token) return requireUser(request, reply);
      return ctx.positionCache.send(
        request,
        reply,
        // The period's start too: at midnight on Monday last week's answer is not this week's.
        `leaderboard:${query.period}:${periodStarts(ctx.clock.now())[query.period]}:${hashToken(token)}`,
        positionResponse,
        async () => {
          await requireUser(request, reply);
          return {
            position: await position(ctx.db, ctx.clock, ctx.rankMarks, request.member!, query.period),
          };
        },
        'private, no-cache',
      );
    },
    { checksSessionItself: true },
  );
}
