import type { FastifyInstance, FastifyRequest } from 'fastify';
import { twoFactorApi } from '../../../contract/two-factor';
import type { AppContext } from '../../context';
import { clientOf } from '../../lib/client';
import { register } from '../../plugins/register';
import type { AskingSession } from './owner-asking';
import * as service from './service';

/** The signed-in session a request comes from, as enrolling and giving a code need it. */
export const sessionOf = (request: FastifyRequest): AskingSession => ({
  token: request.token!,
  client: clientOf(request),
  signedInAt: request.session!.signedInAt,
  secondFactorAt: request.session!.secondFactorAt,
});

/** Enrolling a second factor and giving it again, as the contract defines them (twoFactorApi). */
export async function twoFactorRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Every password or code checked here counts as a sign-in attempt (accounts/sign-in-limits.ts); this is the address's own ceiling.
  const rateLimit = ctx.limits.login;

  register(app, ctx, twoFactorApi.status, ({ member, request }) =>
    service.status(ctx.db, member, request.session?.secondFactorAt ?? null),
  );
  register(
    app,
    ctx,
    twoFactorApi.totpSetup,
    ({ member, body, request }) => service.setUpTotp(ctx, member, sessionOf(request), body?.password),
    { rateLimit },
  );
  register(
    app,
    ctx,
    twoFactorApi.totpConfirm,
    ({ member, body, request }) => service.confirmTotp(ctx, member, sessionOf(request), body.code),
    { rateLimit },
  );
  register(
    app,
    ctx,
    twoFactorApi.reauth,
    async ({ member, body, request }) => {
      await service.reauthenticate(ctx, member, sessionOf(request), body.code);
      return { message: 'Thank you, that is confirmed.' };
    },
    { rateLimit },
  );
  register(
    app,
    ctx,
    twoFactorApi.recoveryCodes,
    ({ member, body, request }) => service.renewRecoveryCodes(ctx, member, sessionOf(request), body.code),
    { rateLimit },
  );
  register(
    app,
    ctx,
    twoFactorApi.totpRemove,
    async ({ member, body, request }) => {
      await service.removeTotp(ctx, member, sessionOf(request), body.code);
      return { message: 'Two-step verification is off.' };
    },
    { rateLimit },
  );
}
