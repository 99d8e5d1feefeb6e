import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminStatsResponse,
  adminWinnersResponse,
  outboxResponse,
  testEmailBody,
  winnerParams,
} from '../../../contract/admin';
import { errorBody, messageBody } from '../../../contract/common';
import { drawBody, drawResponse } from '../../../contract/draws';
import {
  cancelResponse,
  createPrizeBody,
  prizeIdParams,
  prizeListResponse,
  prizeResponse,
  updatePrizeBody,
} from '../../../contract/prizes';
import type { AppContext } from '../../context';
import { runDrawCheck } from '../../jobs/draw-check';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { guards } from '../../plugins/auth';
import { readyToDrawCondition } from '../draws/repository';
import { drawPrize } from '../draws/service';
import { queueMail, recentMail } from '../mail/outbox';
import { testMail } from '../mail/templates';
import { presentPrize } from '../prizes/present';
import { selectPrizes } from '../prizes/repository';
import { cancelPrize, createPrize, updatePrize } from './prize-management';
import * as repo from './repository';

/** Admin-only, checked on the server for every call. */
export async function adminRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', guards(ctx).requireAdmin);
  const common = { tags: ['admin'], security: [{ bearer: [] }] };
  const denied = { 401: errorBody, 403: errorBody };

  app.get(
    '/stats',
    { schema: { ...common, response: { 200: adminStatsResponse, ...denied } } },
    async () => ({
      stats: await repo.stats(ctx.db),
    }),
  );

  app.get(
    '/prizes/ready-to-draw',
    { schema: { ...common, response: { 200: prizeListResponse, ...denied } } },
    async () => ({
      prizes: (await selectPrizes(ctx.db, readyToDrawCondition(ctx.clock.now()))).map(presentPrize),
    }),
  );

  app.post(
    '/prizes/:id/draw',
    {
      schema: {
        ...common,
        params: prizeIdParams,
        body: drawBody,
        response: { 200: drawResponse, 400: errorBody, 404: errorBody, 409: errorBody, ...denied },
      },
    },
    async (request) => {
      const force = request.body?.forceOverride ?? false;
      const { prize, winners } = await drawPrize(ctx.db, ctx.clock, request.params.id, {
        force,
        siteUrl: ctx.config.siteUrl,
      });
      request.log.info(
        { prizeId: prize.id, winners: winners.length, force, admin: request.user!.id },
        'prize drawn',
      );
      return {
        message: `Drew ${winners.length} ${winners.length === 1 ? 'winner' : 'winners'} for ${prize.title}`,
        winners: winners.map((w) => ({ _id: w.userId, username: w.username, email: w.email })),
      };
    },
  );

  app.get(
    '/winners',
    { schema: { ...common, response: { 200: adminWinnersResponse, ...denied } } },
    async () => ({
      winners: (await repo.allWins(ctx.db)).map(({ win, user, prize }) => ({
        user: { _id: user.id, username: user.username, email: user.email },
        prize: { _id: prize.id, title: prize.title, value: prize.valuePence / 100 },
        drawnAt: win.drawnAt.toISOString(),
        notified: win.notified,
        claimed: win.claimedAt !== null,
      })),
    }),
  );

  app.put(
    '/winners/:prizeId/:userId/notify',
    {
      schema: { ...common, params: winnerParams, response: { 200: messageBody, 404: errorBody, ...denied } },
    },
    async (request) => {
      const { prizeId, userId } = request.params;
      const found =
        isUuid(prizeId) &&
        isUuid(userId) &&
        (await repo.markNotified(ctx.db, prizeId, userId, ctx.clock.now()));
      if (!found) throw notFound('Winner not found');
      return { message: 'Winner marked as notified' };
    },
  );

  app.post(
    '/test-email',
    { schema: { ...common, body: testEmailBody, response: { 200: messageBody, 400: errorBody, ...denied } } },
    async (request) => {
      await queueMail(ctx.db, testMail(request.body.email, ctx.config.siteUrl));
      return {
        message: ctx.config.smtpUrl
          ? `Test email queued for ${request.body.email}`
          : `No SMTP_URL is set: the test email for ${request.body.email} is in the outbox`,
      };
    },
  );

  app.get('/outbox', { schema: { ...common, response: { 200: outboxResponse, ...denied } } }, async () => ({
    mails: (await recentMail(ctx.db)).map((m) => ({
      _id: String(m.id),
      to: m.to,
      subject: m.subject,
      text: m.text,
      status: m.status,
      attempts: m.attempts,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
  }));

  app.post(
    '/trigger-draw-check',
    { schema: { ...common, response: { 200: messageBody, ...denied } } },
    async (request) => {
      const log = (msg: string, data: object) => request.log.info(data, msg);
      const { closed, drawn } = await runDrawCheck(ctx.db, ctx.clock, ctx.config.siteUrl, log);
      return { message: `Draw check complete: ${closed} closed, ${drawn} drawn` };
    },
  );
}

/** Admin prize management: create, edit, cancel with refunds. */
export async function adminPrizeRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', guards(ctx).requireAdmin);
  const common = { tags: ['admin'], security: [{ bearer: [] }] };
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
  const present = (row: Awaited<ReturnType<typeof createPrize>>) =>
    presentPrize({ ...row, participantCount: 0, userEntries: 0 });

  app.get('/', { schema: { ...common, response: { 200: prizeListResponse, ...errors } } }, async () => ({
    prizes: (await selectPrizes(ctx.db, undefined)).map(presentPrize),
  }));

  app.post(
    '/',
    { schema: { ...common, body: createPrizeBody, response: { 201: prizeResponse, ...errors } } },
    async (request, reply) => {
      const prize = await createPrize(ctx.db, request.body);
      return reply.status(201).send({ prize: present(prize) });
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        ...common,
        params: prizeIdParams,
        body: updatePrizeBody,
        response: { 200: prizeResponse, ...errors },
      },
    },
    async (request) => ({ prize: present(await updatePrize(ctx.db, request.params.id, request.body)) }),
  );

  app.post(
    '/:id/cancel',
    { schema: { ...common, params: prizeIdParams, response: { 200: cancelResponse, ...errors } } },
    async (request) => {
      const { prize, refunded } = await cancelPrize(ctx.db, request.params.id);
      return {
        message: `${prize.title} cancelled; ${refunded} ${refunded === 1 ? 'person' : 'people'} refunded`,
        refunded,
      };
    },
  );
}
