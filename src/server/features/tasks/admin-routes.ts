import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminTaskListResponse,
  adminTaskResponse,
  adminTasksQuery,
  createTaskBody,
  taskIdParams,
  updateTaskBody,
} from '../../../contract/tasks';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import * as service from './service';

/**
 * Admins create, edit, enable and disable tasks in the Task shape; a disabled
 * task leaves the Tasks page. Under /api/admin/tasks, behind the admin guard (app.ts).
 */
export async function adminTaskRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        ...adminDocs,
        querystring: adminTasksQuery,
        response: { 200: adminTaskListResponse, ...adminErrors(400) },
      },
    },
    async (request) => service.adminTasks(ctx.db, request.query),
  );

  app.post(
    '/',
    {
      schema: {
        ...adminDocs,
        body: createTaskBody,
        response: { 201: adminTaskResponse, ...adminErrors(400) },
      },
    },
    async (request, reply) => {
      const task = await service.createTask(ctx.db, ctx.clock, actorOf(request), request.body);
      return reply.status(201).send({ task: service.presentAdminTask(task) });
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        ...adminDocs,
        params: taskIdParams,
        body: updateTaskBody,
        response: { 200: adminTaskResponse, ...adminErrors(400, 404) },
      },
    },
    async (request) => ({
      task: service.presentAdminTask(
        await service.updateTask(ctx.db, ctx.clock, actorOf(request), request.params.id, request.body),
      ),
    }),
  );
}
