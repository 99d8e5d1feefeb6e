import type { FastifyInstance } from 'fastify';
import { auditApi } from '../../../contract/audit';
import type { AppContext } from '../../context';
import { register } from '../../plugins/register';
import * as service from './service';

/** The audit log (DESIGN §8), for staff. */
export async function adminAuditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, auditApi.list, ({ query }) => service.auditEvents(ctx.db, query));
  register(app, ctx, auditApi.verify, ({ query }) =>
    service.verifyChain(ctx.db, ctx.config.auditSigningKey, query.cursor),
  );
}
