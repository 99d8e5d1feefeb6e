import type { FastifyInstance, FastifyRequest } from 'fastify';
import { referralHoldsApi } from '../../../contract/referral-holds';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import type { UserRow } from '../auth/repository';
import { decideHold, listHolds } from './holds';

/** Referrals held for review (DESIGN §15), paid or refused by staff. */
export async function adminReferralRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const actor = (request: FastifyRequest, member: UserRow) => actorOf(request);

  register(app, ctx, referralHoldsApi.list, ({ query }) => listHolds(ctx.db, query));
  register(app, ctx, referralHoldsApi.pay, ({ request, member, params }) =>
    decideHold(ctx.db, ctx.clock, actorOf(request), params.friendId, { pay: true }),
  );
  register(app, ctx, referralHoldsApi.refuse, ({ request, member, params, body }) =>
    decideHold(ctx.db, ctx.clock, actorOf(request), params.friendId, {
      pay: false,
      reason: body.reason,
    }),
  );
}
