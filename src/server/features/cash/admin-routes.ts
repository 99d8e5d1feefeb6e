import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminWithdrawalResponse,
  adminWithdrawalsQuery,
  adminWithdrawalsResponse,
  payWithdrawalBody,
  withdrawalParams,
} from '../../../contract/cash';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import * as service from './service';

/** Payout requests with their details, under /api/admin/withdrawals, behind the admin guard (app.ts). */
export async function adminCashRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        ...adminDocs,
        querystring: adminWithdrawalsQuery,
        response: { 200: adminWithdrawalsResponse, ...adminErrors(400) },
      },
    },
    async (request) => service.adminWithdrawals(ctx.db, ctx.clock.now(), request.query),
  );

  const settleSchema = {
    ...adminDocs,
    params: withdrawalParams,
    response: { 200: adminWithdrawalResponse, ...adminErrors(400, 404, 409) },
  };
  app.post('/:id/paid', { schema: { ...settleSchema, body: payWithdrawalBody } }, async (request) => ({
    withdrawal: await service.settleWithdrawal(
      ctx.db,
      ctx.clock,
      actorOf(request),
      request.params.id,
      'paid',
      {
        acknowledgeSignals: request.body?.acknowledgeSignals,
      },
    ),
  }));
  app.post('/:id/reject', { schema: settleSchema }, async (request) => ({
    withdrawal: await service.settleWithdrawal(
      ctx.db,
      ctx.clock,
      actorOf(request),
      request.params.id,
      'rejected',
    ),
  }));
}
