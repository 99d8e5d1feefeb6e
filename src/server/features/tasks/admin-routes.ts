import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import {
  type AdminTask,
  adminTaskListResponse,
  adminTaskResponse,
  createTaskBody,
  needsInterval,
  taskIdParams,
  updateTaskBody,
} from '../../../contract/tasks';
import type { AppContext } from '../../context';
import { tasks } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { guards } from '../../plugins/auth';
import type { TaskRow } from './repository';

const present = ({ id, createdAt: _createdAt, ...task }: TaskRow): AdminTask => ({
  ...task,
  _id: id,
  type: task.type as AdminTask['type'],
  platform: task.platform as AdminTask['platform'],
  repeatInterval: task.repeatInterval as AdminTask['repeatInterval'],
});

/** Admins create, edit, enable and disable tasks; a disabled task disappears from the Tasks page. */
export async function adminTaskRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', guards(ctx).requireAdmin);
  const common = { tags: ['admin'], security: [{ bearer: [] }] };
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

  app.get('/', { schema: { ...common, response: { 200: adminTaskListResponse, ...errors } } }, async () => ({
    tasks: (await ctx.db.select().from(tasks).orderBy(asc(tasks.sortOrder), asc(tasks.createdAt))).map(
      present,
    ),
  }));

  app.post(
    '/',
    { schema: { ...common, body: createTaskBody, response: { 201: adminTaskResponse, ...errors } } },
    async (request, reply) => {
      const [row] = await ctx.db.insert(tasks).values(request.body).returning();
      return reply.status(201).send({ task: present(row!) });
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        ...common,
        params: taskIdParams,
        body: updateTaskBody,
        response: { 200: adminTaskResponse, ...errors },
      },
    },
    async (request) => {
      const [existing] = isUuid(request.params.id)
        ? await ctx.db.select().from(tasks).where(eq(tasks.id, request.params.id))
        : [];
      if (!existing) throw notFound('Task not found');
      if (needsInterval({ ...existing, ...request.body }))
        throw badRequest('Repeatable tasks need a repeat interval');
      const [row] = await ctx.db.update(tasks).set(request.body).where(eq(tasks.id, existing.id)).returning();
      return { task: present(row!) };
    },
  );
}
