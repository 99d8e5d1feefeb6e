import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { myEntriesResponse } from '../../../contract/users';
import type { AppContext } from '../../context';
import { guards } from '../../plugins/auth';
import { entriesOf } from './repository';

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
}
