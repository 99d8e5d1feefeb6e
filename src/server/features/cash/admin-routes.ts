import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminWithdrawalResponse,
  adminWithdrawalsQuery,
  adminWithdrawalsResponse,
  withdrawalParams,
} from '../../../contract/cash';
import type { AppContext } from '../../context';
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
    async (request) => ({ withdrawals: await service.adminWithdrawals(ctx.db, request.query.status) }),
  );

  for (const [path, outcome] of [
    ['/:id/paid', 'paid'],
    ['/:id/reject', 'rejected'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          ...adminDocs,
          params: withdrawalParams,
          response: { 200: adminWithdrawalResponse, ...adminErrors(404, 409) },
        },
      },
      async (request) => ({
        withdrawal: await service.settleWithdrawal(
          ctx.db,
          ctx.clock,
          request.params.id,
          outcome,
          request.user!.id,
        ),
      }),
    );
  }
}
