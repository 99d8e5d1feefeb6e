import type { FastifyInstance } from 'fastify';
import { contactApi } from '../../../contract/contact';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import * as service from './service';

/** The contact inbox as tickets, for staff. */
export async function adminContactRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, contactApi.inbox, ({ query }) => service.inbox(ctx.db, query));

  register(app, ctx, contactApi.setStatus, async ({ request, params, body }) => ({
    message: await service.setStatus(ctx.db, ctx.clock, actorOf(request), params.id, body.status),
  }));

  register(app, ctx, contactApi.reply, async ({ request, params, body }) => ({
    message: await service.reply(ctx, actorOf(request), params.id, body.message),
  }));
}
