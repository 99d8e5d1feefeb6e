import type { FastifyInstance } from 'fastify';
import { passkeysApi } from '../../../contract/passkeys';
import type { AppContext } from '../../context';
import { register } from '../../plugins/register';
import * as passkeys from './passkeys';
import { sessionOf } from './routes';

/** Passkeys: adding, removing and giving one again (passkeysApi); signing in with one is features/auth's. */
export async function passkeyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const rateLimit = ctx.limits.login;

  const secondFactorAt = (request: { session?: { secondFactorAt: Date | null } | null }) =>
    request.session?.secondFactorAt ?? null;
  register(
    app,
    ctx,
    passkeysApi.registerOptions,
    ({ member, request, body }) =>
      passkeys.registrationOptions(ctx, member, sessionOf(request), body?.password),
    { rateLimit },
  );
  register(app, ctx, passkeysApi.register, async ({ member, request, reply, body }) => {
    reply.status(201);
    return passkeys.register(ctx, member, request.token!, body);
  });
  register(app, ctx, passkeysApi.remove, async ({ member, params, request }) => {
    await passkeys.remove(ctx, member, params.id, secondFactorAt(request));
    return { message: 'Passkey removed' };
  });
  register(app, ctx, passkeysApi.signInOptions, () => passkeys.signInOptions(ctx), { rateLimit });
  register(app, ctx, passkeysApi.reauthOptions, ({ member }) => passkeys.reauthOptions(ctx, member));
  register(
    app,
    ctx,
    passkeysApi.reauth,
    async ({ member, request, body }) => {
      await passkeys.reauth(ctx, member, request.token!, body);
      return { message: 'Thank you, that is confirmed.' };
    },
    { rateLimit },
  );
}
