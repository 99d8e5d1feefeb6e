import type { FastifyInstance } from 'fastify';
import { cashApi } from '../../../contract/cash';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import * as service from './service';

/** Payout requests with their details, for staff. */
export async function adminCashRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, cashApi.adminWithdrawals, ({ query }) =>
    service.adminWithdrawals(ctx.db, ctx.clock.now(), query),
  );

  register(app, ctx, cashApi.markPaid, async ({ request, params, body }) => ({
    withdrawal: await service.settleWithdrawal(ctx.db, ctx.clock, actorOf(request), params.id, 'paid', {
      acknowledgeSignals: body?.acknowledgeSignals,
    }),
  }));

  register(app, ctx, cashApi.reject, async ({ request, params }) => ({
    withdrawal: await service.settleWithdrawal(ctx.db, ctx.clock, actorOf(request), params.id, 'rejected'),
  }));
}
