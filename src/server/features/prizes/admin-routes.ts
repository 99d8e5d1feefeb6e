import type { FastifyInstance } from 'fastify';
import { drawsApi } from '../../../contract/draws';
import { prizesApi } from '../../../contract/prizes-api';
import type { AppContext } from '../../context';
import { actorOf, recordAudit } from '../../lib/audit-log';
import type { PageAsked } from '../../lib/cursor';
import { register } from '../../plugins/register';
import { acceptedIfWaiting } from '../four-eyes/asking';
import { openRisksOf } from '../risk/repository';
import { askToDisqualify, lineAfter } from './disqualify';
import { drawPrize } from './draw';
import { runDrawCheck } from './draw-check';
import { adminCreatePrize, cancelPrize, updatePrize } from './management';
import { presentPrize } from './present';
import type * as repo from './repository';
import * as service from './service';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Prize management for staff (DESIGN §14: each call as its definition in the contract says). */
export async function adminPrizeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const present = (row: repo.PrizeRow) => presentPrize(row, ctx.clock.now());

  const listed = async (which: 'all' | 'ready', query: PageAsked) => {
    const { items, nextCursor } = await service.adminPrizes(ctx.db, which, ctx.clock.now(), query);
    return { prizes: items.map(present), nextCursor };
  };
  register(app, ctx, prizesApi.adminList, ({ query }) => listed('all', query));

  register(app, ctx, prizesApi.create, async ({ request, body }) => ({
    prize: present(
      await adminCreatePrize(ctx.db, actorOf(request), body, {
        beacon: ctx.beacon,
        now: ctx.clock.now(),
        minOpenHours: ctx.config.prizeMinOpenHours,
      }),
    ),
  }));

  register(app, ctx, prizesApi.update, async ({ request, params, body }) => ({
    prize: present(await updatePrize(ctx.db, ctx, actorOf(request), params.id, body)),
  }));

  register(app, ctx, prizesApi.cancel, async ({ request, reply, params, body }) => {
    const result = await cancelPrize(ctx.db, ctx.clock, actorOf(request), params.id, body.reason);
    if ('approval' in result) return acceptedIfWaiting(reply, result);
    return {
      message: `${result.prize.title} cancelled; ${plural(result.refunded, 'person', 'people')} refunded`,
      refunded: result.refunded,
    };
  });

  register(app, ctx, prizesApi.readyToDraw, ({ query }) => listed('ready', query));

  register(app, ctx, drawsApi.draw, async ({ request, params, body, member }) => {
    const force = body?.forceOverride ?? false;
    const { prize, winners } = await drawPrize(ctx.db, ctx.clock, params.id, {
      force,
      beacon: ctx.beacon,
      actor: actorOf(request),
    });
    request.log.info({ prizeId: prize.id, winners: winners.length, force, admin: member.id }, 'prize drawn');
    const flagged = await openRisksOf(
      ctx.db,
      winners.map((w) => w.userId),
    );
    return {
      message: `Drew ${plural(winners.length, 'winner', 'winners')} for ${prize.title}`,
      winners: winners.map((w) => ({
        _id: w.userId,
        username: w.username,
        email: w.email,
        openSignals: flagged.get(w.userId) ?? null,
      })),
    };
  });

  register(app, ctx, drawsApi.line, ({ params }) =>
    lineAfter(ctx.db, { prizeId: params.id, userId: params.userId }),
  );

  register(app, ctx, drawsApi.disqualify, ({ request, params, body }) =>
    askToDisqualify(
      ctx.db,
      { clock: ctx.clock },
      actorOf(request),
      { prizeId: params.id, userId: params.userId },
      body.reason,
    ),
  );

  register(app, ctx, drawsApi.check, async ({ request }) => {
    const actor = actorOf(request);
    const { closed, drawn } = await runDrawCheck(
      ctx.db,
      ctx.clock,
      { beacon: ctx.beacon, actor },
      request.log,
    );
    const message = `Draw check complete: ${closed} closed, ${drawn} drawn`;
    await recordAudit(
      ctx.db,
      actor,
      {
        action: 'draws.check',
        targetType: 'draws',
        targetId: 'check',
        summary: `Ran the draw check: ${closed} closed, ${drawn} drawn`,
      },
      ctx.clock.now(),
    );
    return { message };
  });
}
