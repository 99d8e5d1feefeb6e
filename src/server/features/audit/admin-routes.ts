import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditQuery, auditResponse, auditVerifyQuery, auditVerifyResponse } from '../../../contract/audit';
import type { AppContext } from '../../context';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import * as service from './service';

/** The audit log (DESIGN §8), under /api/admin, behind the admin guard (app.ts). */
export async function adminAuditRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/audit',
    {
      schema: {
        ...adminDocs,
        querystring: auditQuery,
        response: { 200: auditResponse, ...adminErrors(400) },
      },
    },
    async (request) => service.auditEvents(ctx.db, request.query),
  );

  app.get(
    '/audit/verify',
    {
      schema: {
        ...adminDocs,
        querystring: auditVerifyQuery,
        response: { 200: auditVerifyResponse, ...adminErrors(400) },
      },
    },
    async (request) => service.verifyChain(ctx.db, ctx.config.auditSigningKey, request.query.cursor),
  );
}
