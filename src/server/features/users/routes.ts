import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LedgerReason } from '../../../contract/operator-rules';
import {
  dashboardResponse,
  myEntriesResponse,
  myHistoryQuery,
  myHistoryResponse,
} from '../../../contract/users';
import type { AppContext } from '../../context';
import { cursorKeys, decodeCursor, PAGE_TAKE, page } from '../../lib/cursor';
import { ledgerPage } from '../../lib/ledger-pages';
import { errorResponses, signedIn } from '../../lib/route-docs';
import { guards } from '../../plugins/auth';
import { measure } from '../gamification/achievements';
import { currentStatus } from '../prizes/rules';
import { entriesOf, openPrizeEntries, recentActivity } from './repository';

/** The signed-in user's own records. */
export async function userRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', guards(ctx).requireUser);
  const schema = { tags: ['users'], ...signedIn };

  app.get(
    '/entries',
    { schema: { ...schema, response: { 200: myEntriesResponse, ...errorResponses(401) } } },
    async (request) => ({
      entries: (await entriesOf(ctx.db, request.user!.id)).map((row) => ({
        prize: {
          _id: row.prize.id,
          title: row.prize.title,
          type: row.prize.type,
          value: row.prize.valuePence / 100,
          imageUrl: row.prize.imageUrl,
          status: currentStatus(row.prize, ctx.clock.now()),
          endDate: row.prize.endDate.toISOString(),
        },
        entriesUsed: row.entries,
        pid: row.pid,
        lastEnteredAt: row.updatedAt.toISOString(),
      })),
    }),
  );

  app.get(
    '/history',
    {
      schema: {
        ...schema,
        querystring: myHistoryQuery,
        response: { 200: myHistoryResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { account, cursor } = request.query;
      const rows = await ledgerPage(
        ctx.db,
        request.user!.id,
        account,
        decodeCursor(cursor, cursorKeys.timeAndSerial),
        PAGE_TAKE,
      );
      const { items, nextCursor } = page(
        rows,
        ({ row }) => ({
          _id: String(row.id),
          amount: account === 'cash' ? row.amount / 100 : row.amount,
          reason: row.reason as LedgerReason,
          note: row.reason === 'admin_adjustment' ? row.reference : null,
          at: row.createdAt.toISOString(),
        }),
        (r) => [r.at, String(r.row.id)],
      );
      return { entries: items, nextCursor };
    },
  );

  app.get(
    '/dashboard',
    { schema: { ...schema, response: { 200: dashboardResponse, ...errorResponses(401) } } },
    async (request) => {
      const user = request.user!;
      const [counts, activePrizeEntries, activity] = await Promise.all([
        measure(ctx.db, user.id),
        openPrizeEntries(ctx.db, user.id, ctx.clock.now()),
        recentActivity(ctx.db, user.id),
      ]);
      return {
        stats: {
          totalEntries: user.totalEntries,
          availableEntries: user.availableEntries,
          activePrizeEntries,
          tasksCompleted: counts.tasks,
          adsWatched: counts.adsWatched,
          referralsMade: counts.referrals,
        },
        recentActivity: activity.map((a) => ({
          task: { title: a.title },
          entriesAwarded: a.entriesAwarded,
          completedAt: a.completedAt.toISOString(),
        })),
      };
    },
  );
}
