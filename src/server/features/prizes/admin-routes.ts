import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageBody } from '../../../contract/common';
import {
  disqualifyBody,
  disqualifyParams,
  disqualifyResponse,
  drawBody,
  drawResponse,
} from '../../../contract/draws';
import {
  adminPrizeListResponse,
  adminPrizesQuery,
  cancelBody,
  cancelResponse,
  createPrizeBody,
  prizeIdParams,
  prizeResponse,
  updatePrizeBody,
} from '../../../contract/prizes';
import type { AppContext } from '../../context';
import { actorOf, recordAudit } from '../../lib/audit-log';
import type { PageAsked } from '../../lib/cursor';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import { disqualify } from './disqualify';
import { drawPrize, runDrawCheck } from './draw';
import { adminCreatePrize, cancelPrize, updatePrize } from './management';
import { presentPrize } from './present';
import * as repo from './repository';
import * as service from './service';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Prize management for admins: registered under /api/admin, behind the admin guard (app.ts). */
export async function adminPrizeRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = adminDocs;
  const present = (row: repo.PrizeRow) => presentPrize(row, ctx.clock.now());

  const listed = async (which: 'all' | 'ready', query: PageAsked) => {
    const { items, nextCursor } = await service.adminPrizes(ctx.db, which, ctx.clock.now(), query);
    return { prizes: items.map(present), nextCursor };
  };
  const listSchema = {
    ...schema,
    querystring: adminPrizesQuery,
    response: { 200: adminPrizeListResponse, ...adminErrors(400) },
  };
  app.get('/prizes', { schema: listSchema }, (request) => listed('all', request.query));

  app.post(
    '/prizes',
    { schema: { ...schema, body: createPrizeBody, response: { 201: prizeResponse, ...adminErrors(400) } } },
    async (request, reply) => {
      return reply.status(201).send({
        prize: present(
          await adminCreatePrize(ctx.db, actorOf(request), request.body, {
            beacon: ctx.beacon,
            now: ctx.clock.now(),
          }),
        ),
      });
    },
  );

  app.put(
    '/prizes/:id',
    {
      schema: {
        ...schema,
        params: prizeIdParams,
        body: updatePrizeBody,
        response: { 200: prizeResponse, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) => ({
      prize: present(await updatePrize(ctx.db, ctx, actorOf(request), request.params.id, request.body)),
    }),
  );

  app.post(
    '/prizes/:id/cancel',
    {
      schema: {
        ...schema,
        params: prizeIdParams,
        body: cancelBody,
        response: { 200: cancelResponse, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) => {
      const { prize, refunded } = await cancelPrize(
        ctx.db,
        ctx.clock,
        actorOf(request),
        request.params.id,
        request.body.reason,
      );
      return {
        message: `${prize.title} cancelled; ${plural(refunded, 'person', 'people')} refunded`,
        refunded,
      };
    },
  );

  app.get('/prizes/ready-to-draw', { schema: listSchema }, (request) => listed('ready', request.query));

  app.post(
    '/prizes/:id/draw',
    {
      schema: {
        ...schema,
        params: prizeIdParams,
        body: drawBody,
        response: { 200: drawResponse, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) => {
      const force = request.body?.forceOverride ?? false;
      const { prize, winners } = await drawPrize(ctx.db, ctx.clock, request.params.id, {
        force,
        beacon: ctx.beacon,
        actor: actorOf(request),
      });
      request.log.info(
        { prizeId: prize.id, winners: winners.length, force, admin: request.user!.id },
        'prize drawn',
      );
      return {
        message: `Drew ${plural(winners.length, 'winner', 'winners')} for ${prize.title}`,
        winners: winners.map((w) => ({ _id: w.userId, username: w.username, email: w.email })),
      };
    },
  );

  app.post(
    '/prizes/:id/winners/:userId/disqualify',
    {
      schema: {
        ...schema,
        params: disqualifyParams,
        body: disqualifyBody,
        response: { 200: disqualifyResponse, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) => {
      const { prize, passed } = await disqualify(
        ctx.db,
        { clock: ctx.clock },
        actorOf(request),
        { prizeId: request.params.id, userId: request.params.userId },
        request.body.reason,
      );
      const winner =
        passed.to && (await repo.winnersOf(ctx.db, prize.id)).find((w) => w.userId === passed.to!.userId);
      return {
        message: winner
          ? `Winner disqualified; place ${passed.place} in ${prize.title} passed to ${winner.username}`
          : `Winner disqualified; nobody eligible was left for place ${passed.place} in ${prize.title}`,
        winner: winner ? { _id: winner.userId, username: winner.username, email: winner.email } : null,
      };
    },
  );

  app.post(
    '/trigger-draw-check',
    { schema: { ...schema, response: { 200: messageBody, ...adminErrors() } } },
    async (request) => {
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
    },
  );
}
