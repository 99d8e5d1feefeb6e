import type { FastifyInstance } from 'fastify';
import { riskApi } from '../../../contract/risk';
import type { AppContext } from '../../context';
import { cursorKeys, decodeCursor, page } from '../../lib/cursor';
import { register } from '../../plugins/register';
import { memberStatus } from '../auth/sign-in-rules';
import { flaggedMembers, presentRisk } from './repository';

/** The Review tab: members with fraud signals, highest risk first (DESIGN §8), for staff. */
export async function adminRiskRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, riskApi.review, async ({ query }) => {
    const now = ctx.clock.now();
    const rows = await flaggedMembers(
      ctx.db,
      decodeCursor(query.cursor, cursorKeys.numberAndId),
      query.limit + 1,
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
      query.limit,
    );
    return { members: items, nextCursor };
  });
}
