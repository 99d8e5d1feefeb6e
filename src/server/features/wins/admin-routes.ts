import type { FastifyInstance } from 'fastify';
import { winsApi } from '../../../contract/wins';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import { moveDelivery } from './delivery';
import * as service from './service';

/** Every winner with their contact details, for staff, and their prizes posted and delivered. */
export async function adminWinnerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, winsApi.adminList, ({ query }) => service.adminWinners(ctx.db, query));

  register(app, ctx, winsApi.notify, async ({ request, params }) => {
    await service.markNotified(ctx.db, ctx.clock, actorOf(request), params.prizeId, params.userId);
    return { message: 'Winner marked as notified' };
  });

  register(app, ctx, winsApi.dispatch, async ({ request, params, body }) => {
    await moveDelivery(ctx.db, ctx.clock, actorOf(request), params, { to: 'dispatched', ...body });
    return { message: 'Prize marked dispatched' };
  });
  register(app, ctx, winsApi.delivered, async ({ request, params }) => {
    await moveDelivery(ctx.db, ctx.clock, actorOf(request), params, { to: 'delivered' });
    return { message: 'Prize marked delivered' };
  });
}
