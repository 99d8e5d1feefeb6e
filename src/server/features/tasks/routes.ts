import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  completeTaskBody,
  completeTaskResponse,
  startTaskResponse,
  taskIdParams,
  taskListResponse,
} from '../../../contract/tasks';
import type { AppContext } from '../../context';
import { errorResponses, signedIn } from '../../lib/route-docs';
import { guards } from '../../plugins/auth';
import * as service from './service';

export async function taskRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', guards(ctx).requireUser);
  const common = { tags: ['tasks'], ...signedIn };
  const errors = errorResponses(400, 401, 404, 409, 429);

  app.get(
    '/',
    { schema: { ...common, response: { 200: taskListResponse, ...errorResponses(401) } } },
    async (request) => ({
      tasks: await service.listTasks(ctx.db, ctx.clock, request.user!.id),
    }),
  );

  app.post(
    '/:id/start',
    {
      // Counted per signed-in user (their token), so one person cannot pile up tickets from many addresses.
      config: {
        rateLimit: {
          ...ctx.limits.adStart,
          keyGenerator: (request) => request.headers.authorization ?? request.ip,
        },
      },
      schema: { ...common, params: taskIdParams, response: { 200: startTaskResponse, ...errors } },
    },
    async (request) => service.startAd(ctx.db, ctx.clock, request.user!.id, request.params.id),
  );

  app.post(
    '/:id/complete',
    {
      schema: {
        ...common,
        params: taskIdParams,
        body: completeTaskBody,
        response: { 200: completeTaskResponse, ...errors },
      },
    },
    async (request) => {
      const { task, availableEntries, totalEntries, newAchievements } = await service.completeTask(
        ctx.db,
        ctx.clock,
        request.user!.id,
        request.params.id,
        request.body?.ticket,
      );
      return {
        message: `Task completed! +${task.entriesReward} entries`,
        entriesEarned: task.entriesReward,
        totalEntries,
        availableEntries,
        newAchievements,
      };
    },
  );
}
