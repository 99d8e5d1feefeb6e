import type { FastifyInstance } from 'fastify';
import { offersApi } from '../../../contract/offer-walls';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import * as service from './walls';

/** The offer walls (DESIGN §10), for staff. Secrets go in, never out. */
export async function adminOfferWallRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { siteUrl } = ctx.config;
  register(app, ctx, offersApi.adminWalls, () => service.adminWalls(ctx.db, ctx.config));
  register(app, ctx, offersApi.addWall, ({ request, body }) =>
    service.createWall(ctx.db, ctx.clock, actorOf(request), siteUrl, body),
  );
  register(app, ctx, offersApi.updateWall, ({ request, params, body }) =>
    service.updateWallSettings(ctx.db, ctx.clock, actorOf(request), siteUrl, params.id, body),
  );
}
