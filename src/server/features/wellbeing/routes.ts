import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { wellbeingApi } from '../../../contract/wellbeing';
import type { AppContext } from '../../context';
import { users, wellbeingSignals } from '../../db/schema';
import { afterKey, cursorKeys, decodeCursor, exactTime, page } from '../../lib/cursor';
import { register } from '../../plugins/register';

/** The wellbeing signals in the review queue, newest first, behind the admin guard (app.ts). */
export async function adminWellbeingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, wellbeingApi.list, async ({ query }) => {
    const from = decodeCursor(query.cursor, cursorKeys.timeAndId);
    const rows = await ctx.db
      .select({
        signal: wellbeingSignals,
        member: { id: users.id, username: users.username },
        at: exactTime(wellbeingSignals.raisedAt),
      })
      .from(wellbeingSignals)
      .innerJoin(users, eq(users.id, wellbeingSignals.userId))
      .where(afterKey([wellbeingSignals.raisedAt, wellbeingSignals.id], from))
      .orderBy(desc(wellbeingSignals.raisedAt), desc(wellbeingSignals.id))
      .limit(query.limit + 1);
    const { items, nextCursor } = page(
      rows,
      ({ signal, member }) => ({
        _id: signal.id,
        member: { _id: member.id, username: member.username },
        kind: signal.kind,
        since: signal.since,
        raisedAt: signal.raisedAt.toISOString(),
      }),
      (r) => [r.at, r.signal.id],
      query.limit,
    );
    return { signals: items, nextCursor };
  });
}
