import type { FastifyInstance } from 'fastify';
import { cashApi } from '../../../contract/cash';
import type { AppContext } from '../../context';
import { register } from '../../plugins/register';
import * as service from './service';

/** The signed-in user's cash balance and payouts (DESIGN §14). */
export async function cashRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, cashApi.cash, ({ member }) => service.cashOf(ctx.db, ctx.clock.now(), member));

  register(app, ctx, cashApi.withdrawals, ({ member, query }) =>
    service.withdrawalsOf(ctx.db, member.id, query),
  );

  register(app, ctx, cashApi.requestWithdrawal, ({ member, body }) =>
    service.requestWithdrawal(ctx.db, ctx.clock, member.id, body),
  );
}
