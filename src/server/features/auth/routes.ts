import type { FastifyInstance } from 'fastify';
import { authApi } from '../../../contract/auth';
import { passkeysApi } from '../../../contract/passkeys';
import type { TwoFactorChallenge } from '../../../contract/two-factor';
import type { AppContext } from '../../context';
import { clientOf } from '../../lib/client';
import { register } from '../../plugins/register';
import { presentUser } from '../accounts/present';
import { logout } from '../accounts/sessions';
import * as passkeys from '../two-factor/passkeys';
import { verifySignIn } from '../two-factor/service';
import * as links from './email-links';
import * as service from './service';
import { signInWithApple, signInWithGoogle } from './social';

/** Signing up, in and out, and the emailed links, as the contract defines them (authApi). */
export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { limits } = ctx;
  const present = <T extends { user: Parameters<typeof presentUser>[0] }>(session: T) => ({
    ...session,
    user: presentUser(session.user),
  });
  /** A session as the member sees it, or the challenge a second factor answers. */
  const presentSignIn = <T extends { user: Parameters<typeof presentUser>[0] }>(
    answer: T | TwoFactorChallenge,
  ) => ('twoFactorRequired' in answer ? answer : present(answer as T));

  register(
    app,
    ctx,
    authApi.register,
    async ({ body, request }) => {
      const { acceptTerms: _accepted, ...input } = body;
      return present(await service.register(ctx, input, clientOf(request)));
    },
    { rateLimit: limits.register },
  );
  register(
    app,
    ctx,
    authApi.login,
    async ({ body, request }) => presentSignIn(await service.login(ctx, body, clientOf(request))),
    { rateLimit: limits.login },
  );
  register(
    app,
    ctx,
    authApi.verifySecondFactor,
    async ({ body, request }) => {
      const client = clientOf(request);
      return present(await verifySignIn(ctx, body, client, service.afterSecondFactor(ctx, client)));
    },
    { rateLimit: limits.login },
  );
  register(
    app,
    ctx,
    passkeysApi.signIn,
    async ({ body, request }) =>
      present(await passkeys.signIn(ctx, body, service.afterSecondFactor(ctx, clientOf(request)))),
    { rateLimit: limits.login },
  );
  register(app, ctx, authApi.providers, () => ({
    google: ctx.config.google ? { clientId: ctx.config.google.clientId } : null,
    apple: ctx.config.apple ? { clientId: ctx.config.apple.clientId } : null,
  }));
  register(
    app,
    ctx,
    authApi.google,
    async ({ body, request }) => presentSignIn(await signInWithGoogle(ctx, body, clientOf(request))),
    { rateLimit: limits.login },
  );
  register(
    app,
    ctx,
    authApi.apple,
    async ({ body, request }) => presentSignIn(await signInWithApple(ctx, body, clientOf(request))),
    { rateLimit: limits.login },
  );
  register(app, ctx, authApi.me, ({ member }) => ({ user: presentUser(member) }));
  register(app, ctx, authApi.logout, async ({ request }) => {
    await logout(ctx.db, request.token!);
    return { message: 'Logged out successfully' };
  });
  register(app, ctx, authApi.verifyEmail, async ({ body }) => {
    await links.verifyEmail(ctx, body.token);
    return { message: 'Thank you! Your email address is verified.' };
  });
  register(
    app,
    ctx,
    authApi.resendVerification,
    async ({ member }) => {
      await links.resendVerification(ctx, member);
      return { message: `We have sent a new link to ${member.email}` };
    },
    { rateLimit: limits.emailLinks },
  );
  register(
    app,
    ctx,
    authApi.passwordReset,
    async ({ body }) => {
      await links.requestPasswordReset(ctx, body.email);
      // The same words whether or not the address has an account.
      return { message: 'If an account uses that address, we have emailed it a link to reset the password.' };
    },
    { rateLimit: limits.emailLinks },
  );
  register(
    app,
    ctx,
    authApi.passwordResetConfirm,
    async ({ body }) => {
      await links.resetPassword(ctx, body.token, body.password);
      return { message: 'Your password has been changed. Please sign in with it.' };
    },
    { rateLimit: limits.emailLinks },
  );
}
