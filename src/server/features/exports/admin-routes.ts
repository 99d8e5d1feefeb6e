import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditQuery } from '../../../contract/audit';
import { exportWithdrawalsQuery } from '../../../contract/cash';
import type { AppContext } from '../../context';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import { streamAudit } from '../audit/audit-csv';
import { streamWithdrawals } from '../cash/withdrawals-csv';
import { streamWinners } from '../wins/winners-csv';

/**
 * The CSV downloads of DESIGN §8, under /api/admin/export, behind the admin
 * guard (app.ts): each feature writes its own rows, streamed (lib/csv.ts).
 */
export async function adminExportRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const csv = { ...adminDocs, produces: ['text/csv'], response: adminErrors(400) };

  app.get('/winners.csv', { schema: csv }, async (_request, reply) => streamWinners(ctx.db, reply));
  app.get(
    '/withdrawals.csv',
    { schema: { ...csv, querystring: exportWithdrawalsQuery } },
    async (request, reply) => streamWithdrawals(ctx.db, reply, request.query.status),
  );
  app.get(
    '/audit.csv',
    { schema: { ...csv, querystring: auditQuery.omit({ cursor: true, limit: true }) } },
    async (request, reply) => streamAudit(ctx.db, reply, request.query),
  );
}
