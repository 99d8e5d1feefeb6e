import type { FastifyInstance } from 'fastify';
import { winsApi } from '../../../contract/wins';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import * as service from './service';

/** Every winner with their contact details, for staff. */
export async function adminWinnerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, winsApi.adminList, ({ query }) => service.adminWinners(ctx.db, query));

  register(app, ctx, winsApi.notify, async ({ request, params }) => {
    await service.markNotified(ctx.db, ctx.clock, actorOf(request), params.prizeId, params.userId);
    return { message: 'Winner marked as notified' };
  });
}
