import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  gamificationStats,
  leaderboardQuery,
  leaderboardResponse,
  positionResponse,
  streakUpdateResponse,
} from '../../../contract/gamification';
import type { AppContext } from '../../context';
import { periodStarts } from '../../lib/london';
import { errorResponses, signedIn } from '../../lib/route-docs';
import { hashToken } from '../../lib/tokens';
import { bearerToken, guards } from '../../plugins/auth';
import { leaderboard, position } from './leaderboard';
import { gamificationStats as statsOf } from './stats';
import { updateStreak } from './streaks';

export async function gamificationRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireUser } = guards(ctx);
  const tags = ['gamification'];
  const member = { tags, ...signedIn };

  app.get(
    '/stats',
    {
      onRequest: requireUser,
      schema: { ...member, response: { 200: gamificationStats, ...errorResponses(401) } },
    },
    async (request) => statsOf(ctx.db, ctx.clock, request.user!.id),
  );

  app.post(
    '/streak/update',
    {
      onRequest: requireUser,
      schema: { ...member, response: { 200: streakUpdateResponse, ...errorResponses(401) } },
    },
    async (request) => updateStreak(ctx.db, ctx.clock, request.user!.id),
  );

  // Public: names are masked and nothing is per-user.
  app.get(
    '/leaderboard',
    {
      schema: {
        tags,
        querystring: leaderboardQuery,
        response: { 200: leaderboardResponse, ...errorResponses(400) },
      },
    },
    (request, reply) =>
      ctx.publicCache.send(
        request,
        reply,
        `leaderboard:${request.query.period}`,
        leaderboardResponse,
        async () => ({
          period: request.query.period,
          leaderboard: await leaderboard(ctx.db, ctx.clock, request.query.period),
        }),
      ),
  );

  // A member's own position, kept per session as long as the board it is read against. A kept
  // answer goes only to the token that was checked for it, and any write in this process clears it.
  app.get(
    '/leaderboard/position',
    {
      schema: {
        ...member,
        querystring: leaderboardQuery,
        response: { 200: positionResponse, ...errorResponses(400, 401) },
      },
    },
    // Not async: a kept answer is sent at once, and nothing is left for Fastify to send after it.
    (request, reply) => {
      const token = bearerToken(request);
      if (!token) return requireUser(request, reply);
      return ctx.positionCache.send(
        request,
        reply,
        // The period's start too: at midnight on Monday last week's answer is not this week's.
        `${request.query.period}:${periodStarts(ctx.clock.now())[request.query.period]}:${hashToken(token)}`,
        positionResponse,
        async () => {
          await requireUser(request, reply);
          return {
            position: await position(ctx.db, ctx.clock, ctx.rankMarks, request.user!, request.query.period),
          };
        },
        'private, no-cache',
      );
    },
  );
}
