import type { FastifyInstance } from 'fastify';
import { standingApi } from '../../../contract/standing';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import { appeal, decideAppeal, listAppeals, standingOf } from './service';

/** A member's standing and appeal; a suspended member's restricted session reaches these too (§19). */
export async function standingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, standingApi.mine, ({ member }) =>
    standingOf(ctx.db, ctx.config, member, ctx.clock.now()),
  );
  register(app, ctx, standingApi.appeal, ({ member, body }) =>
    appeal(ctx.db, ctx.config, member.id, body.message, ctx.clock.now()),
  );
}

/** The appeals in the review queue, behind the admin guard (app.ts). */
export async function adminStandingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, standingApi.list, ({ query }) => listAppeals(ctx.db, ctx.config, query));
  register(app, ctx, standingApi.decide, ({ request, params, body }) =>
    decideAppeal({ db: ctx.db, clock: ctx.clock, actor: actorOf(request) }, ctx.config, params.id, body),
  );
}
