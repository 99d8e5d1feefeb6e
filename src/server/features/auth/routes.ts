import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appleBody,
  googleBody,
  loginBody,
  meResponse,
  passwordResetBody,
  passwordResetConfirmBody,
  providersResponse,
  registerBody,
  sessionResponse,
  socialSessionResponse,
  verifyEmailBody,
} from '../../../contract/auth';
import { messageBody } from '../../../contract/common';
import type { AppContext } from '../../context';
import { clientOf } from '../../lib/client';
import { errorResponses, signedIn } from '../../lib/route-docs';
import { guards } from '../../plugins/auth';
import * as links from './email-links';
import { presentUser } from './present';
import * as service from './service';
import { logout } from './sessions';
import { signInWithApple, signInWithGoogle } from './social';

const tags = ['auth'];

export async function authRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requireUser } = guards(ctx);
  const present = <T extends { user: Parameters<typeof presentUser>[0] }>(session: T) => ({
    ...session,
    user: presentUser(session.user),
  });

  app.post(
    '/register',
    {
      config: { rateLimit: ctx.limits.register },
      schema: {
        tags,
        body: registerBody,
        response: { 201: sessionResponse, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { acceptTerms: _accepted, ...input } = request.body;
      const session = await service.register(ctx, input, clientOf(request));
      return reply.status(201).send(present(session));
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit: ctx.limits.login },
      schema: {
        tags,
        body: loginBody,
        response: { 200: sessionResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => present(await service.login(ctx, request.body, clientOf(request))),
  );

  app.get('/providers', { schema: { tags, response: { 200: providersResponse } } }, async () => ({
    google: ctx.config.google ? { clientId: ctx.config.google.clientId } : null,
    apple: ctx.config.apple ? { clientId: ctx.config.apple.clientId } : null,
  }));

  const socialResponses = {
    200: socialSessionResponse,
    ...errorResponses(400, 401, 403, 404, 409, 429, 503),
  };
  app.post(
    '/google',
    {
      config: { rateLimit: ctx.limits.login },
      schema: { tags, body: googleBody, response: socialResponses },
    },
    async (request) => present(await signInWithGoogle(ctx, request.body, clientOf(request))),
  );
  app.post(
    '/apple',
    { config: { rateLimit: ctx.limits.login }, schema: { tags, body: appleBody, response: socialResponses } },
    async (request) => present(await signInWithApple(ctx, request.body, clientOf(request))),
  );

  app.get(
    '/me',
    {
      onRequest: requireUser,
      schema: { tags, ...signedIn, response: { 200: meResponse, ...errorResponses(401) } },
    },
    async (request) => ({ user: presentUser(request.user!) }),
  );

  app.post(
    '/logout',
    {
      onRequest: requireUser,
      schema: { tags, ...signedIn, response: { 200: messageBody, ...errorResponses(401) } },
    },
    async (request) => {
      await logout(ctx.db, request.token!);
      return { message: 'Logged out successfully' };
    },
  );

  app.post(
    '/verify-email',
    { schema: { tags, body: verifyEmailBody, response: { 200: messageBody, ...errorResponses(400) } } },
    async (request) => {
      await links.verifyEmail(ctx, request.body.token);
      return { message: 'Thank you! Your email address is verified.' };
    },
  );

  app.post(
    '/verify-email/resend',
    {
      onRequest: requireUser,
      config: { rateLimit: ctx.limits.emailLinks },
      schema: { tags, ...signedIn, response: { 200: messageBody, ...errorResponses(401, 409, 429) } },
    },
    async (request) => {
      await links.resendVerification(ctx, request.user!);
      return { message: `We have sent a new link to ${request.user!.email}` };
    },
  );

  app.post(
    '/password-reset',
    {
      config: { rateLimit: ctx.limits.emailLinks },
      schema: { tags, body: passwordResetBody, response: { 200: messageBody, ...errorResponses(400, 429) } },
    },
    async (request) => {
      await links.requestPasswordReset(ctx, request.body.email);
      // The same words whether or not the address has an account.
      return { message: 'If an account uses that address, we have emailed it a link to reset the password.' };
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      config: { rateLimit: ctx.limits.emailLinks },
      schema: {
        tags,
        body: passwordResetConfirmBody,
        response: { 200: messageBody, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await links.resetPassword(ctx, request.body.token, request.body.password);
      return { message: 'Your password has been changed. Please sign in with it.' };
    },
  );
}
