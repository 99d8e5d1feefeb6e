import type { FastifyInstance } from 'fastify';
import { analyticsApi } from '../../../contract/analytics';
import type { AppContext } from '../../context';
import { register } from '../../plugins/register';
import { analytics } from './service';

/** The Dashboard's day-by-day figures (DESIGN §8), for staff. */
export async function adminAnalyticsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, analyticsApi.days, ({ query }) => analytics(ctx.db, ctx.clock.now(), query));
}
