import type { FastifyInstance } from 'fastify';
import { accountApi } from '../../../contract/account';
import type { AppContext } from '../../context';
import { register } from '../../plugins/register';
import { presentUser } from '../accounts/present';
import * as service from './service';

/** The signed-in member managing their own account (DESIGN §14: each call as the contract defines it). */
export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const login = { rateLimit: ctx.limits.login };

  register(
    app,
    ctx,
    accountApi.changePassword,
    async ({ member, request, body }) => {
      await service.changePassword(ctx, member, request.token!, body.currentPassword, body.newPassword);
      return { message: 'Password changed. Your other sessions have been signed out.' };
    },
    login,
  );

  register(
    app,
    ctx,
    accountApi.changeEmail,
    async ({ member, request, body }) => ({
      user: presentUser(await service.changeEmail(ctx, member, request.token!, body.password, body.email)),
    }),
    login,
  );

  register(app, ctx, accountApi.sessions, async ({ member, request }) => ({
    sessions: await service.listSessions(ctx, member, request.token!),
  }));

  register(app, ctx, accountApi.endOtherSessions, async ({ member, request }) => {
    await service.endOtherSessions(ctx, member, request.token!);
    return { message: 'Signed out everywhere else' };
  });

  register(app, ctx, accountApi.endSession, async ({ member, params }) => {
    await service.endSession(ctx, member, params.id);
    return { message: 'Session signed out' };
  });

  // Streamed: the contract's shape, written a part at a time (service.exportData).
  register(app, ctx, accountApi.export, ({ member, reply }) => {
    const now = ctx.clock.now();
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="prizedraw-my-data-${now.toISOString().slice(0, 10)}.json"`,
      )
      .header('cache-control', 'no-store')
      .send(service.exportData(ctx, member, now));
  });

  register(app, ctx, accountApi.takeBreak, ({ member, body }) => service.takeBreak(ctx, member, body.period));

  register(
    app,
    ctx,
    accountApi.selfExclude,
    ({ member, body }) => service.selfExclude(ctx, member, body.months, body.password),
    login,
  );

  register(
    app,
    ctx,
    accountApi.deleteAccount,
    async ({ member, request, body }) => {
      await service.deleteAccount(ctx, member, request.session, body);
      return { message: 'Your account has been deleted. We are sorry to see you go.' };
    },
    login,
  );
}
