import type { FastifyInstance } from 'fastify';
import { cashApi } from '../../../contract/cash';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import { acceptedIfWaiting } from '../four-eyes/asking';
import * as service from './paying';

/** Payout requests with their details, for staff. */
export async function adminCashRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, cashApi.adminWithdrawals, ({ query }) =>
    service.adminWithdrawals(ctx.db, ctx.clock.now(), query),
  );

  register(app, ctx, cashApi.markPaid, async ({ request, reply, params, body }) =>
    acceptedIfWaiting(
      reply,
      await service.payWithdrawal(
        ctx.db,
        ctx.clock,
        ctx.config.approvalThresholds,
        actorOf(request),
        params.id,
        body,
      ),
    ),
  );

  register(app, ctx, cashApi.markManyPaid, ({ request, body }) =>
    service.payWithdrawals(ctx.db, ctx.clock, ctx.config.approvalThresholds, actorOf(request), body),
  );

  register(app, ctx, cashApi.reject, ({ request, params }) =>
    service.rejectWithdrawal(ctx.db, ctx.clock, actorOf(request), params.id),
  );
}
