import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import {
  completeTaskBody,
  completeTaskResponse,
  startTaskResponse,
  taskIdParams,
  taskListResponse,
} from '../../../contract/tasks';
import type { AppContext } from '../../context';
import { guards } from '../../plugins/auth';
import * as service from './service';

export async function taskRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', guards(ctx).requireUser);
  const common = { tags: ['tasks'], security: [{ bearer: [] }] };
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

  app.get(
    '/',
    { schema: { ...common, response: { 200: taskListResponse, 401: errorBody } } },
    async (request) => ({
      tasks: await service.listTasks(ctx.db, ctx.clock, request.user!.id),
    }),
  );

  app.post(
    '/:id/start',
    { schema: { ...common, params: taskIdParams, response: { 200: startTaskResponse, ...errors } } },
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
      const { task, availableEntries, totalEntries } = await service.completeTask(
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
        newAchievements: [],
      };
    },
  );
}
