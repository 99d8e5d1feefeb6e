import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tasksApi } from '../../../contract/tasks';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { register } from '../../plugins/register';
import { payAdCallback } from './ad-network';
import { startAd } from './ad-tickets';
import * as service from './service';

/** A signed-in member's tasks (DESIGN §14: each call as its definition in the contract says). */
export async function taskRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, tasksApi.list, async ({ member }) => ({
    tasks: await service.listTasks(ctx.db, ctx.clock, member.id),
  }));

  // Counted per signed-in user (their token), so one person cannot pile up tickets from many addresses.
  const adStart = {
    ...ctx.limits.adStart,
    keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? request.ip,
  };
  register(
    app,
    ctx,
    tasksApi.start,
    ({ member, params }) =>
      startAd(ctx.db, ctx.clock, member.id, params.id, Boolean(ctx.config.adRewardSecret)),
    { rateLimit: adStart },
  );

  // Called by the ad network's servers, not by people: only with a network configured (DESIGN §19).
  register(app, ctx, tasksApi.adCallback, ({ query }) => {
    const secret = ctx.config.adRewardSecret;
    if (!secret) throw notFound('No ad network is configured');
    return payAdCallback(ctx.db, ctx.clock, secret, query);
  });

  register(app, ctx, tasksApi.complete, async ({ member, params, body }) => {
    const { task, availableEntries, totalEntries, newAchievements } = await service.completeTask(
      ctx.db,
      ctx.clock,
      member.id,
      params.id,
      { ticket: body?.ticket, adNetwork: Boolean(ctx.config.adRewardSecret) },
    );
    return {
      message: `Task completed! +${task.entriesReward} entries`,
      entriesEarned: task.entriesReward,
      totalEntries,
      availableEntries,
      newAchievements,
    };
  });
}
