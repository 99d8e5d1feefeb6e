import type { FastifyInstance } from 'fastify';
import { wheelApi } from '../../../contract/wheel';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import * as service from './service';

/** The wheel's odds, for staff. */
export async function adminWheelRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, wheelApi.setOdds, ({ request, body }) =>
    service.askToSetOdds(ctx.db, ctx.clock, actorOf(request), body),
  );
}
