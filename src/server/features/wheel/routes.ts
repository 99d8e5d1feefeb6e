import type { FastifyInstance } from 'fastify';
import { wheelApi, wheelConfigResponse } from '../../../contract/wheel';
import type { AppContext } from '../../context';
import { register } from '../../plugins/register';
import * as service from './service';

/** The instant-win wheel (DESIGN §14: each call as its definition in the contract says). */
export async function wheelRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, wheelApi.config, ({ request, reply }) =>
    ctx.publicCache.send(request, reply, 'wheel:config', wheelConfigResponse, async () => ({
      prizes: await service.wheelConfig(ctx.db),
    })),
  );
  register(app, ctx, wheelApi.canSpin, ({ member }) => service.canSpin(ctx.db, ctx.clock, member.id));
  register(app, ctx, wheelApi.spin, ({ member }) => service.spin(ctx.db, ctx.clock, ctx.config, member.id));
}
