import type { FastifyInstance } from 'fastify';
import { staffApi } from '../../../contract/staff-api';
import { invitationsApi } from '../../../contract/staff-invitations';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import { listInvitations, withdrawInvitation } from './invitations';
import { addStaff, changeStaffRole, listStaff, resetTwoFactor } from './service';

/** Staff and their roles, for the owner (DESIGN §12), behind the admin guard (app.ts). */
export async function adminStaffRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, staffApi.list, () => listStaff(ctx.db));
  register(app, ctx, staffApi.add, async ({ request, reply, body }) => {
    const added = await addStaff(ctx, actorOf(request), body.email, body.role);
    // An invitation sent: nobody is staff yet.
    if ('invitation' in added) reply.status(202);
    return added;
  });
  register(app, ctx, staffApi.changeRole, ({ request, params, body }) =>
    changeStaffRole(ctx, actorOf(request), params.id, body.role),
  );
  register(app, ctx, staffApi.resetTwoFactor, ({ request, params }) =>
    resetTwoFactor(ctx, actorOf(request), { id: params.id }),
  );
  register(app, ctx, invitationsApi.list, () => listInvitations(ctx));
  register(app, ctx, invitationsApi.withdraw, ({ request, params }) =>
    withdrawInvitation(ctx, actorOf(request), params.id),
  );
}
