import type { FastifyInstance } from 'fastify';
import { type ReviewRow, riskApi } from '../../../contract/risk';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { eachOf } from '../../lib/bulk';
import { cursorKeys, decodeCursor, page } from '../../lib/cursor';
import { asSeenBy } from '../../lib/mask';
import { register } from '../../plugins/register';
import { memberStatus } from '../accounts/sign-in-rules';
import { type FlaggedMember, flaggedMember, flaggedMembers, maskRisk, presentRisk } from './repository';
import { clear } from './review';

const presentRow = ({ risk, user, reviewer }: FlaggedMember, now: Date): ReviewRow => ({
  _id: user.id,
  username: user.username,
  email: user.email,
  createdAt: user.createdAt.toISOString(),
  status: memberStatus(user, now),
  risk: presentRisk(risk),
  review: {
    status: risk.reviewStatus,
    note: risk.reviewNote,
    by: reviewer && { _id: reviewer.id, username: reviewer.username },
    at: risk.reviewedAt?.toISOString() ?? null,
  },
});

const done = { outcome: 'done' as const, message: null };

/** The Review tab: members with fraud signals, highest risk first (DESIGN §8), and working the queue (§12). */
export async function adminRiskRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const acting = (request: Parameters<typeof actorOf>[0]) => ({
    db: ctx.db,
    clock: ctx.clock,
    actor: actorOf(request),
  });

  const maskRow = (row: ReviewRow): ReviewRow => ({ ...row, risk: maskRisk(row.risk) });

  register(app, ctx, riskApi.review, async ({ request, query }) => {
    const now = ctx.clock.now();
    const rows = await flaggedMembers(
      ctx.db,
      query.status,
      decodeCursor(query.cursor, cursorKeys.numberAndId),
      query.limit + 1,
    );
    const { items, nextCursor } = page(
      rows,
      (row) => presentRow(row, now),
      ({ risk }) => [risk.score, risk.userId],
      query.limit,
    );
    const members = asSeenBy(request.member?.staffRole, items, (rows) => rows.map(maskRow));
    return { members, nextCursor };
  });

  const clearOne = (request: Parameters<typeof actorOf>[0], userId: string, note: string) =>
    ctx.db.transaction((tx) => clear(tx, acting(request), userId, note));

  register(app, ctx, riskApi.clear, async ({ request, params, body }) => {
    await clearOne(request, params.userId, body.note);
    const member = presentRow((await flaggedMember(ctx.db, params.userId))!, ctx.clock.now());
    return { member: asSeenBy(request.member?.staffRole, member, maskRow) };
  });

  register(app, ctx, riskApi.clearMany, ({ request, body }) =>
    eachOf(body.userIds, async (id) => {
      await clearOne(request, id, body.note);
      return done;
    }),
  );
}
