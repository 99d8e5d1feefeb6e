import type { FastifyInstance } from 'fastify';
import { staffApi } from '../../../contract/staff-api';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import { listStaff, resetTwoFactor, setStaffRole } from './service';

/** Staff and their roles, for the owner (DESIGN §12), behind the admin guard (app.ts). */
export async function adminStaffRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, staffApi.list, () => listStaff(ctx.db));
  register(app, ctx, staffApi.add, ({ request, body }) =>
    setStaffRole(ctx, actorOf(request), { email: body.email }, body.role, {
      adding: true,
    }),
  );
  register(app, ctx, staffApi.changeRole, ({ request, params, body }) =>
    setStaffRole(ctx, actorOf(request), { id: params.id }, body.role),
  );
  register(app, ctx, staffApi.resetTwoFactor, ({ request, params }) =>
    resetTwoFactor(ctx, actorOf(request), { id: params.id }),
  );
}
