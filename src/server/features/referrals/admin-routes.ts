import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  referralHoldParams,
  referralHoldResponse,
  referralHoldsQuery,
  referralHoldsResponse,
  refuseReferralBody,
} from '../../../contract/referral-holds';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import { decideHold, listHolds } from './holds';

/** Referrals held for review (DESIGN §15), under /api/admin/referral-holds, behind the admin guard (app.ts). */
export async function adminReferralRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const actor = (request: Parameters<typeof actorOf>[0]) => ({ ...actorOf(request), id: request.user!.id });

  app.get(
    '/',
    {
      schema: {
        ...adminDocs,
        querystring: referralHoldsQuery,
        response: { 200: referralHoldsResponse, ...adminErrors(400) },
      },
    },
    async (request) => listHolds(ctx.db, request.query),
  );
  app.post(
    '/:friendId/pay',
    {
      schema: {
        ...adminDocs,
        params: referralHoldParams,
        response: { 200: referralHoldResponse, ...adminErrors(404, 409) },
      },
    },
    async (request) => decideHold(ctx.db, ctx.clock, actor(request), request.params.friendId, { pay: true }),
  );
  app.post(
    '/:friendId/refuse',
    {
      schema: {
        ...adminDocs,
        params: referralHoldParams,
        body: refuseReferralBody,
        response: { 200: referralHoldResponse, ...adminErrors(400, 404, 409) },
      },
    },
    async (request) =>
      decideHold(ctx.db, ctx.clock, actor(request), request.params.friendId, {
        pay: false,
        reason: request.body.reason,
      }),
  );
}
