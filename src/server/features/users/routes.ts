import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '../../../contract/common';
import {
  claimBody,
  dashboardResponse,
  myEntriesResponse,
  myWinsResponse,
  winParams,
} from '../../../contract/users';
import type { AppContext } from '../../context';
import { guards } from '../../plugins/auth';
import { dashboardStats, entriesOf, recentActivity } from './repository';
import { claim, myWins } from './wins';

export async function userRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireUser } = guards(ctx);

  app.get(
    '/entries',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        response: { 200: myEntriesResponse, 401: errorBody },
      },
    },
    async (request) => ({
      entries: (await entriesOf(ctx.db, request.user!.id)).map((row) => ({
        prize: {
          _id: row.prize.id,
          title: row.prize.title,
          type: row.prize.type,
          value: row.prize.valuePence / 100,
          imageUrl: row.prize.imageUrl,
          status: row.prize.status,
          endDate: row.prize.endDate.toISOString(),
        },
        entriesUsed: row.entries,
        lastEnteredAt: row.updatedAt.toISOString(),
      })),
    }),
  );

  app.get(
    '/wins',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        response: { 200: myWinsResponse, 401: errorBody },
      },
    },
    async (request) => ({ wins: await myWins(ctx.db, request.user!.id) }),
  );

  app.post(
    '/wins/:prizeId/claim',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        params: winParams,
        body: claimBody,
        response: { 200: messageBody, 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      await claim(ctx.db, ctx.clock, request.user!.id, request.params.prizeId, request.body);
      return { message: 'Prize claimed! We will be in touch about delivery.' };
    },
  );

  app.get(
    '/dashboard',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        response: { 200: dashboardResponse, 401: errorBody },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const [stats, activity] = await Promise.all([
        dashboardStats(ctx.db, userId),
        recentActivity(ctx.db, userId),
      ]);
      return {
        stats,
        recentActivity: activity.map((a) => ({
          task: { title: a.title },
          entriesAwarded: a.entriesAwarded,
          completedAt: a.completedAt.toISOString(),
        })),
      };
    },
  );
}
