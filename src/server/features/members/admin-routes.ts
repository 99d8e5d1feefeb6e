import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adjustBody,
  adjustResponse,
  ledgerQuery,
  ledgerResponse,
  memberActionResponse,
  memberDetailResponse,
  memberParams,
  memberSearchQuery,
  memberSearchResponse,
  reasonBody,
  suspendBody,
} from '../../../contract/members';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import * as actions from './actions';
import { streamLedger } from './ledger-csv';
import * as service from './service';

/** Stripe's header: a retried write with the same key is answered as the first, and does nothing more. */
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1 to 255 visible ASCII characters')
    .optional(),
});

/** Members for admins (DESIGN §8), under /api/admin/users, behind the admin guard (app.ts). */
export async function adminMemberRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const acting = (request: FastifyRequest): actions.Acting => ({
    db: ctx.db,
    clock: ctx.clock,
    actor: { ...actorOf(request), id: request.user!.id },
  });

  app.get(
    '/',
    {
      schema: {
        ...adminDocs,
        querystring: memberSearchQuery,
        response: { 200: memberSearchResponse, ...adminErrors(400) },
      },
    },
    async (request) => service.searchMembers(ctx.db, ctx.clock.now(), request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        ...adminDocs,
        params: memberParams,
        response: { 200: memberDetailResponse, ...adminErrors(404) },
      },
    },
    async (request) => service.memberDetail(ctx.db, request.params.id, ctx.clock.now()),
  );

  app.get(
    '/:id/ledger',
    {
      schema: {
        ...adminDocs,
        params: memberParams,
        querystring: ledgerQuery,
        response: { 200: ledgerResponse, ...adminErrors(400, 404) },
      },
    },
    async (request) => service.ledgerPage(ctx.db, request.params.id, request.query),
  );

  app.get(
    '/:id/ledger.csv',
    {
      schema: {
        ...adminDocs,
        params: memberParams,
        querystring: ledgerQuery.pick({ account: true }),
        response: { ...adminErrors(400, 404) },
      },
    },
    async (request, reply) => streamLedger(ctx.db, reply, request.params.id, request.query.account),
  );

  app.post(
    '/:id/adjust',
    {
      schema: {
        ...adminDocs,
        params: memberParams,
        headers: idempotencyHeaders,
        body: adjustBody,
        response: { 200: adjustResponse, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) =>
      actions.adjust(acting(request), request.params.id, request.body, request.headers['idempotency-key']),
  );

  const action = {
    ...adminDocs,
    params: memberParams,
    response: { 200: memberActionResponse, ...adminErrors(400, 404, 409) },
  };
  app.post('/:id/suspend', { schema: { ...action, body: suspendBody } }, async (request) =>
    actions.suspend(acting(request), request.params.id, request.body),
  );
  for (const [path, run] of [
    ['/:id/unsuspend', actions.unsuspend],
    ['/:id/hold-cashouts', actions.holdCashouts],
    ['/:id/release-cashouts', actions.releaseCashouts],
  ] as const) {
    app.post(path, { schema: { ...action, body: reasonBody } }, async (request) =>
      run(acting(request), request.params.id, request.body.reason),
    );
  }
}
