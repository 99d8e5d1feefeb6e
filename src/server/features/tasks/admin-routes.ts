import type { FastifyInstance } from 'fastify';
import { tasksApi } from '../../../contract/tasks';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import { adminTasks, createTask, updateTask } from './management';
import { presentAdminTask } from './present';

/**
 * Admins create, edit, enable and disable tasks in the Task shape; a disabled
 * task leaves the Tasks page.
 */
export async function adminTaskRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, tasksApi.adminList, ({ query }) => adminTasks(ctx.db, query));

  register(app, ctx, tasksApi.create, async ({ request, body }) => ({
    task: presentAdminTask(await createTask(ctx.db, ctx.clock, actorOf(request), body)),
  }));

  register(app, ctx, tasksApi.update, async ({ request, params, body }) => ({
    task: presentAdminTask(await updateTask(ctx.db, ctx.clock, actorOf(request), params.id, body)),
  }));
}
