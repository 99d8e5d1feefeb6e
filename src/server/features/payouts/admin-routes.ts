import type { FastifyInstance } from 'fastify';
import { payoutsApi } from '../../../contract/payouts';
import type { AppContext } from '../../context';
import { register } from '../../plugins/register';

/** Staff's view of the payout providers, behind the admin guard (app.ts). */
export async function adminPayoutRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, payoutsApi.providers, async () => ({ providers: await ctx.payouts.providers() }));
}
