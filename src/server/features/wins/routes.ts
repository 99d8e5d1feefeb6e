import type { FastifyInstance } from 'fastify';
import { PRIZE_DELIVERY_DAYS } from '../../../contract/constants';
import { winsApi } from '../../../contract/wins';
import type { AppContext } from '../../context';
import { register } from '../../plugins/register';
import * as service from './service';

/** The signed-in member's own wins (DESIGN §14: each call as its definition in the contract says). */
export async function winRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, winsApi.mine, async ({ member }) => ({ wins: await service.myWins(ctx.db, member.id) }));

  register(app, ctx, winsApi.claim, async ({ member, params, body }) => {
    const asked = await service.claim(ctx.db, ctx.clock, member, params.prizeId, body, ctx.payouts);
    return {
      message:
        asked === 'payout'
          ? `Prize claimed! We will pay you within ${PRIZE_DELIVERY_DAYS} days.`
          : 'Prize claimed! We will be in touch about delivery.',
    };
  });
}
