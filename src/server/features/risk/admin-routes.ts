import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reviewQuery, reviewResponse } from '../../../contract/risk';
import type { AppContext } from '../../context';
import { cursorKeys, decodeCursor, page } from '../../lib/cursor';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import { memberStatus } from '../auth/sign-in-rules';
import { flaggedMembers, presentRisk } from './repository';

/** The Review tab: members with fraud signals, highest risk first (DESIGN §8), under /api/admin. */
export async function adminRiskRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/review',
    {
      schema: {
        ...adminDocs,
        querystring: reviewQuery,
        response: { 200: reviewResponse, ...adminErrors(400) },
      },
    },
    async (request) => {
      const now = ctx.clock.now();
      const rows = await flaggedMembers(
        ctx.db,
        decodeCursor(request.query.cursor, cursorKeys.numberAndId),
        request.query.limit + 1,
      );
      const { items, nextCursor } = page(
        rows,
        ({ risk, user }) => ({
          _id: user.id,
          username: user.username,
          email: user.email,
          createdAt: user.createdAt.toISOString(),
          status: memberStatus(user, now),
          risk: presentRisk(risk),
        }),
        ({ risk }) => [risk.score, risk.userId],
        request.query.limit,
      );
      return { members: items, nextCursor };
    },
  );
}
