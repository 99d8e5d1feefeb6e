import type { FastifyInstance } from 'fastify';
import { approvalsApi } from '../../../contract/approvals';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import { decide, listApprovals } from './service';

/** What staff asked each other to approve (DESIGN §12), behind the admin guard (app.ts). */
export async function adminApprovalRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const approver = (request: Parameters<typeof actorOf>[0]) => ({
    db: ctx.db,
    clock: ctx.clock,
    payouts: ctx.payouts,
    actor: { ...actorOf(request), role: request.member!.staffRole },
  });
  register(app, ctx, approvalsApi.list, ({ query, member }) =>
    listApprovals(ctx.db, query.status, { id: member.id, role: member.staffRole }),
  );
  register(app, ctx, approvalsApi.approve, async ({ request, params }) => {
    const decided = await decide(approver(request), params.id, { approve: true });
    // A payout approved to send goes to its provider now its approval has committed.
    if (decided.approval.kind === 'payout') ctx.payouts.sendSoon();
    return decided;
  });
  register(app, ctx, approvalsApi.reject, ({ request, params, body }) =>
    decide(approver(request), params.id, { approve: false, reason: body.reason }),
  );
}
