import type { FastifyInstance } from 'fastify';
import { cashApi } from '../../../contract/cash';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import { acceptedIfWaiting } from '../four-eyes/asking';
import * as service from './paying';

/** Payout requests with their details, for staff: paid by hand, or sent to their provider (DESIGN §17). */
export async function adminCashRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const pay = (request: Parameters<typeof actorOf>[0], id: string, payout: service.Payout) =>
    service.payWithdrawal(
      ctx.db,
      ctx.clock,
      ctx.config.approvalThresholds,
      actorOf(request),
      id,
      payout,
      ctx.payouts,
    );
  const payMany = <Done extends 'paid' | 'sent'>(
    request: Parameters<typeof actorOf>[0],
    many: { ids: string[]; payout: service.Payout; done: Done },
  ) =>
    service.payWithdrawals(
      ctx.db,
      ctx.clock,
      ctx.config.approvalThresholds,
      actorOf(request),
      many,
      ctx.payouts,
    );

  register(app, ctx, cashApi.adminWithdrawals, ({ query }) =>
    service.adminWithdrawals(ctx.db, ctx.clock.now(), query),
  );

  register(app, ctx, cashApi.markPaid, async ({ request, reply, params, body }) =>
    acceptedIfWaiting(reply, await pay(request, params.id, { kind: 'paid', ...body })),
  );
  register(app, ctx, cashApi.markManyPaid, ({ request, body }) =>
    payMany(request, { ids: body.ids, payout: { kind: 'paid', reference: body.reference }, done: 'paid' }),
  );
  register(app, ctx, cashApi.send, async ({ request, reply, params, body }) =>
    acceptedIfWaiting(reply, await pay(request, params.id, { kind: 'send', ...body })),
  );
  register(app, ctx, cashApi.sendMany, ({ request, body }) =>
    payMany(request, { ids: body.ids, payout: { kind: 'send' }, done: 'sent' }),
  );

  register(app, ctx, cashApi.cancel, ({ request, params }) =>
    service.cancelWithdrawal(ctx.db, ctx.clock, actorOf(request), params.id, ctx.payouts),
  );
  register(app, ctx, cashApi.retry, ({ request, params }) =>
    service.retryWithdrawal(ctx.db, ctx.clock, actorOf(request), params.id, ctx.payouts),
  );
  register(app, ctx, cashApi.reject, ({ request, params }) =>
    service.rejectWithdrawal(ctx.db, ctx.clock, actorOf(request), params.id),
  );
}
