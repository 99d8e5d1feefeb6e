import type { FastifyInstance } from 'fastify';
import { analyticsApi } from '../../../contract/analytics';
import { auditApi } from '../../../contract/audit';
import { cashExportsApi } from '../../../contract/cash';
import { winsApi } from '../../../contract/wins';
import type { AppContext } from '../../context';
import { register } from '../../plugins/register';
import { streamAnalytics } from '../analytics/analytics-csv';
import { streamAudit } from '../audit/audit-csv';
import { streamWithdrawals } from '../cash/withdrawals-csv';
import { streamWinners } from '../wins/winners-csv';

/**
 * The CSV downloads of DESIGN §8, for staff: each feature writes its own rows,
 * streamed (lib/csv.ts), and defines its own file in the contract.
 */
export async function adminExportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, winsApi.csv, ({ reply }) => streamWinners(ctx.db, reply));
  register(app, ctx, cashExportsApi.withdrawals, ({ reply, query }) =>
    streamWithdrawals(ctx.db, reply, query.status),
  );
  register(app, ctx, auditApi.csv, ({ reply, query }) => streamAudit(ctx.db, reply, query));
  register(app, ctx, analyticsApi.csv, ({ reply, query }) =>
    streamAnalytics(ctx.db, ctx.clock.now(), reply, query),
  );
}
