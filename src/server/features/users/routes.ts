import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardResponse, myEntriesResponse } from '../../../contract/users';
import type { AppContext } from '../../context';
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
