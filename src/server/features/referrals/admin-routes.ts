import type { FastifyInstance } from 'fastify';
import { referralHoldsApi } from '../../../contract/referral-holds';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { asSeenBy, maskAddressesIn } from '../../lib/mask';
import { register } from '../../plugins/register';
import { decideHold, listHolds } from './holds';

/** Referrals held for review (DESIGN §15), paid or refused by staff. */
export async function adminReferralRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, referralHoldsApi.list, async ({ request, query }) =>
    asSeenBy(request.member?.staffRole, await listHolds(ctx.db, query), (list) => ({
      ...list,
      holds: list.holds.map((hold) => ({ ...hold, shared: maskAddressesIn(hold.shared) })),
    })),
  );
  register(app, ctx, referralHoldsApi.pay, ({ request, params }) =>
    decideHold(ctx.db, ctx.clock, actorOf(request), params.friendId, { pay: true }),
  );
  register(app, ctx, referralHoldsApi.refuse, ({ request, params, body }) =>
    decideHold(ctx.db, ctx.clock, actorOf(request), params.friendId, {
      pay: false,
      reason: body.reason,
    }),
  );
}
