import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import type { AppleBody, GoogleBody } from '../../../contract/auth';
import { emailField } from '../../../contract/common';
import type { SignInProvider } from '../../config';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, sqlState, UNIQUE_VIOLATION } from '../../lib/app-error';
import type { Client } from '../../lib/client';
import { hashToken } from '../../lib/tokens';
import { emailTaken, isEmailTaken } from '../accounts/email-taken';
import * as repo from '../accounts/repository';
import { followStep, openEarning } from '../earning/earn';
import { removeSecondFactor } from '../two-factor/challenges';
import { beginSignIn, createAccount } from './service';

const PROVIDERS = {
  google: { name: 'Google', issuers: ['https://accounts.google.com', 'accounts.google.com'] },
  apple: { name: 'Apple', issuers: ['https://appleid.apple.com'] },
} as const;

/** One key set per JWKS address: jose caches the keys and refetches when a token names a new one. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    keySets.set(url, set);
  }
  return set;
}

/**
 * The provider's keys could not be had (no answer, a timeout, not a 200, not a
 * key set): nothing the person did wrong. Every other jose error is the token's.
 */
function keysUnavailable(err: unknown) {
  if (!(err instanceof errors.JOSEError)) return true;
  return (
    err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid || err.code === 'ERR_JOSE_GENERIC'
  );
}

interface Identity {
  sub: string;
  verifiedEmail?: string;
  name?: string;
  expiresAt: Date;
}

/** Checks the ID token's signature against the provider's keys, and its issuer, audience and expiry. */
async function verifyIdToken(
  ctx: AppContext,
  provider: repo.SocialProvider,
  settings: SignInProvider,
  token: string,
): Promise<Identity> {
  const { name, issuers } = PROVIDERS[provider];
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet(settings.jwksUrl), {
      issuer: [...issuers],
      audience: settings.clientId,
      algorithms: ['RS256', 'ES256'],
      currentDate: ctx.clock.now(),
      requiredClaims: ['sub', 'exp'],
    }));
  } catch (err) {
    if (err instanceof errors.JWTExpired) {
      throw new AppError(401, `Your ${name} sign-in has expired. Please try again.`, 'invalid_token');
    }
    if (!keysUnavailable(err)) {
      throw new AppError(401, `We could not verify your ${name} sign-in. Please try again.`, 'invalid_token');
    }
    throw new AppError(
      503,
      `${name} sign-in is unavailable right now. Please try again later.`,
      'provider_down',
    );
  }
  if (typeof payload.sub !== 'string' || !payload.sub) {
    throw new AppError(401, `We could not verify your ${name} sign-in. Please try again.`, 'invalid_token');
  }
  const email = emailField.safeParse(payload.email);
  // Apple sends the flag as a string.
  const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
  return {
    sub: payload.sub,
    // Only an address the provider vouches for counts: one it has not checked proves nothing.
    verifiedEmail: email.success && emailVerified ? email.data : undefined,
    name: typeof payload.name === 'string' ? payload.name : undefined,
    expiresAt: new Date(payload.exp! * 1000),
  };
}

/** A display name from what the provider gave, else the email's local part. */
function usernameFrom(name: string | undefined, email: string) {
  const cleaned = name?.replace(/[\p{Cc}<>]/gu, '').trim();
  if (cleaned) return cleaned.slice(0, 50);
  return (email.split('@')[0] ?? '').replace(/[^\p{L}\p{N}._-]/gu, '').slice(0, 50) || 'Member';
}

const appleName = (fullName: AppleBody['fullName']) =>
  typeof fullName === 'string'
    ? fullName
    : [fullName?.givenName, fullName?.familyName].filter(Boolean).join(' ') || undefined;

interface SignInRequest {
  token: string;
  acceptTerms?: boolean;
  /** A name the page was handed alongside the token (Apple's first sign-in). */
  name?: string;
  client: Client;
}

/**
 * Signs in with a provider's ID token, keyed on the provider's `sub`. An
 * account is linked or made only through an address the provider has
 * verified; a new one exists only once the person accepts the terms. Each
 * token signs in once. The break rule is checked as the session opens.
 */
async function signInWith(ctx: AppContext, provider: repo.SocialProvider, request: SignInRequest) {
  const settings = ctx.config[provider];
  const { name } = PROVIDERS[provider];
  if (!settings)
    throw new AppError(404, `${name} sign-in is not available on this site`, 'provider_disabled');
  const identity = await verifyIdToken(ctx, provider, settings, request.token);
  const now = ctx.clock.now();
  const sub = provider === 'google' ? { googleSub: identity.sub } : { appleSub: identity.sub };

  try {
    return await ctx.db.transaction(async (tx) => {
      const spend = async () => {
        if (!(await repo.spendIdToken(tx, hashToken(request.token), identity.expiresAt))) {
          throw new AppError(
            401,
            `This ${name} sign-in was already used. Please try again.`,
            'invalid_token',
          );
        }
      };
      /** An account that exists already: its session, or its second factor's challenge. */
      const signIn = async (userId: string) => {
        const answer = await beginSignIn(tx, ctx, userId, request.client);
        return 'twoFactorRequired' in answer ? answer : { ...answer, newAccount: false };
      };
      const known = await repo.findUserBySub(tx, provider, identity.sub);
      if (known) {
        await spend();
        return signIn(known.id);
      }

      const email = identity.verifiedEmail;
      if (!email)
        throw badRequest(`${name} did not share a verified email address, so we cannot sign you in`);
      const existing = await repo.findUserByEmail(tx, email);
      if (existing) {
        await spend();
        // Proving the address can complete a referral.
        const earning = await openEarning(tx, existing.id, { paysReferral: true });
        // Nobody had proved this address before: whoever set up that account may not own it, so its
        // password, its sessions, its second factor and any other provider's link go, and the provider's
        // proof stands.
        await repo.updateUser(
          tx,
          existing.id,
          existing.emailVerifiedAt
            ? sub
            : { googleSub: null, appleSub: null, ...sub, emailVerifiedAt: now, passwordHash: null },
        );
        if (!existing.emailVerifiedAt) {
          await repo.deleteUserSessions(tx, existing.id);
          await removeSecondFactor(tx, existing.id);
          await followStep(earning, now);
        }
        return signIn(existing.id);
      }

      if (request.acceptTerms !== true) {
        throw new AppError(
          400,
          'Please confirm you are 18 or over and accept the Terms and Contest Rules',
          'terms_required',
        );
      }
      await spend();
      const session = await createAccount(
        tx,
        ctx,
        {
          ...sub,
          username: usernameFrom(request.name ?? identity.name, email),
          email,
          passwordHash: null,
          emailVerifiedAt: now,
        },
        request.client,
      );
      return { ...session, newAccount: true };
    });
  } catch (err) {
    if (sqlState(err) !== UNIQUE_VIOLATION) throw err;
    // Another request created or linked this account at the same moment.
    if (isEmailTaken(err)) throw emailTaken();
    throw conflict(`You are already signed up with ${name}. Please sign in again.`, 'already_linked');
  }
}

export const signInWithGoogle = (ctx: AppContext, body: GoogleBody, client: Client) =>
  signInWith(ctx, 'google', { token: body.credential, acceptTerms: body.acceptTerms, client });

export const signInWithApple = (ctx: AppContext, body: AppleBody, client: Client) =>
  signInWith(ctx, 'apple', {
    token: body.identityToken,
    acceptTerms: body.acceptTerms,
    name: appleName(body.fullName),
    client,
  });
