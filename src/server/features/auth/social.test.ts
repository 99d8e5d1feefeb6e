import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import {
  APPLE_ISSUER,
  GOOGLE_ISSUER,
  type IdProvider,
  startIdProvider,
  type TokenOptions,
} from '../../../../tests/support/id-provider';
import { accountApi } from '../../../contract/account';
import { ledgerEntries, users } from '../../db/schema';

const GOOGLE_CLIENT = 'test-client.apps.googleusercontent.com';
const APPLE_CLIENT = 'uk.co.prizedraw.web';

let provider: IdProvider;
beforeAll(async () => {
  provider = await startIdProvider();
});
afterAll(() => provider.close());

const withProviders = () =>
  buildTestApp({
    env: {
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
      GOOGLE_JWKS_URL: provider.jwksUrl,
      APPLE_CLIENT_ID: APPLE_CLIENT,
      APPLE_JWKS_URL: provider.jwksUrl,
    },
  });

const seconds = (t: TestApp) => Math.floor(t.clock.now().getTime() / 1000);
const googleToken = (t: TestApp, claims: Record<string, unknown>, options: TokenOptions = {}) =>
  provider.sign({
    issuer: GOOGLE_ISSUER,
    audience: GOOGLE_CLIENT,
    issuedAt: seconds(t),
    ...options,
    claims: { email_verified: true, ...claims },
  });
const google = (t: TestApp, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/google', payload: body });
const apple = (t: TestApp, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/apple', payload: body });
const userCount = async (t: TestApp) => (await t.db.select({ n: count() }).from(users))[0]!.n;

describe('Google sign-in', () => {
  it('asks a new person to accept the terms first, then creates the account with the welcome bonus once', async () => {
    const t = await withProviders();
    const claims = { sub: 'g-123', email: 'Ann@Gmail.com', name: 'Ann Smith' };
    const first = await google(t, { credential: await googleToken(t, claims) });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: 'terms_required' });
    expect(await userCount(t)).toBe(0);

    const credential = await googleToken(t, claims);
    const res = await google(t, { credential, acceptTerms: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.newAccount).toBe(true);
    expect(body.user).toMatchObject({
      username: 'Ann Smith',
      email: 'ann@gmail.com',
      emailVerified: true,
      hasPassword: false,
      availableEntries: 10 + 50,
    });

    // The same token again is a replay; a fresh one signs the same person in, with no second bonus.
    const replay = await google(t, { credential, acceptTerms: true });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('This Google sign-in was already used. Please try again.');
    const again = await google(t, { credential: await googleToken(t, claims) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      newAccount: false,
      user: { _id: body.user._id, availableEntries: 60 },
    });
    const bonuses = await t.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reason, 'welcome_bonus'));
    expect(bonuses[0]!.n).toBe(1);
  });

  it.each<[string, (t: TestApp) => Promise<unknown>, string]>([
    [
      'an expired token',
      (t) =>
        googleToken(
          t,
          { sub: 'g-1', email: 'a@gmail.com' },
          { issuedAt: seconds(t) - 7200, expiresInSeconds: 3600 },
        ),
      'Your Google sign-in has expired. Please try again.',
    ],
    [
      'a token for another site',
      (t) => googleToken(t, { sub: 'g-1', email: 'a@gmail.com' }, { audience: 'someone-else' }),
      'We could not verify your Google sign-in. Please try again.',
    ],
    [
      'a token from another issuer',
      (t) => googleToken(t, { sub: 'g-1', email: 'a@gmail.com' }, { issuer: 'https://evil.example' }),
      'We could not verify your Google sign-in. Please try again.',
    ],
    [
      'a token signed with another key',
      (t) => googleToken(t, { sub: 'g-1', email: 'a@gmail.com' }, { forged: true }),
      'We could not verify your Google sign-in. Please try again.',
    ],
    [
      'an unsigned token',
      async () =>
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
          JSON.stringify({ iss: GOOGLE_ISSUER, aud: GOOGLE_CLIENT, sub: 'g-1', exp: 4e9 }),
        ).toString('base64url')}.`,
      'We could not verify your Google sign-in. Please try again.',
    ],
    ['garbage', async () => 'not.a.token', 'We could not verify your Google sign-in. Please try again.'],
    [
      'a token with no subject',
      (t) => googleToken(t, { email: 'a@gmail.com' }),
      'We could not verify your Google sign-in. Please try again.',
    ],
  ])('answers 401 and creates nothing for %s', async (_label, make, error) => {
    const t = await withProviders();
    const res = await google(t, { credential: await make(t), acceptTerms: true });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(error);
    expect(await userCount(t)).toBe(0);
  });

  it('answers 400 for a missing or malformed body', async () => {
    const t = await withProviders();
    for (const payload of [
      {},
      { credential: '' },
      { credential: 42 },
      { credential: 'x', acceptTerms: 'yes' },
      { credential: 'x', extra: 1 },
    ]) {
      expect((await google(t, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('links an existing account only through an address the provider has verified', async () => {
    const t = await withProviders();
    const owner = await createUser(t.db);
    const unverified = await google(t, {
      credential: await googleToken(t, { sub: 'g-9', email: owner.email, email_verified: false }),
    });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().error).toBe(
      'Google did not share a verified email address, so we cannot sign you in',
    );

    const linked = await google(t, { credential: await googleToken(t, { sub: 'g-9', email: owner.email }) });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ newAccount: false, user: { _id: owner.id } });
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.googleSub).toBe('g-9');
  });

  it('takes the password off an unverified account it links, since whoever set it never proved the address', async () => {
    const t = await withProviders();
    const squatter = registration();
    const made = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: squatter });
    const squatterHeaders = { authorization: `Bearer ${made.json().token}` };

    const res = await google(t, {
      credential: await googleToken(t, { sub: 'g-owner', email: squatter.email }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ emailVerified: true, hasPassword: false });
    expect((await t.app.inject({ url: '/api/auth/me', headers: squatterHeaders })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: squatter.email, password: squatter.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('makes one account when the same new person signs in many times at once', async () => {
    const t = await withProviders();
    const results = await Promise.all(
      Array.from({ length: 5 }, async () =>
        google(t, {
          credential: await googleToken(t, { sub: 'g-race', email: 'race@gmail.com' }),
          acceptTerms: true,
        }),
      ),
    );
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect(results.filter((r) => r.json().newAccount === true)).toHaveLength(1);
    expect(await userCount(t)).toBe(1);
  });

  it('is off, with a clear 404, when no client id is configured', async () => {
    const t = await buildTestApp();
    const res = await google(t, { credential: 'a.b.c' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Google sign-in is not available on this site');
    expect((await t.app.inject('/api/auth/providers')).json()).toEqual({ google: null, apple: null });
    const on = await withProviders();
    expect((await on.app.inject('/api/auth/providers')).json()).toEqual({
      google: { clientId: GOOGLE_CLIENT },
      apple: { clientId: APPLE_CLIENT },
    });
  });

  it.each([
    ['no answer', 'http://127.0.0.1:9/jwks'],
    ['an error page', 'http://127.0.0.1:PORT/not-the-keys'],
  ])('answers 503, not 500 or 401, when the provider keys get %s', async (_label, url) => {
    const t = await buildTestApp({
      env: {
        GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
        GOOGLE_JWKS_URL: url.replace('PORT', new URL(provider.jwksUrl).port),
      },
    });
    const res = await google(t, { credential: await googleToken(t, { sub: 'g-1', email: 'a@gmail.com' }) });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('Google sign-in is unavailable right now. Please try again later.');
  });

  it('makes no account from an address the provider has not verified, whatever the page sends', async () => {
    const t = await withProviders();
    const unverified = await google(t, {
      credential: await googleToken(t, { sub: 'g-u', email: 'someone@gmail.com', email_verified: false }),
      acceptTerms: true,
    });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().error).toBe(
      'Google did not share a verified email address, so we cannot sign you in',
    );
    const noEmail = await apple(t, {
      identityToken: await provider.sign({
        issuer: APPLE_ISSUER,
        audience: APPLE_CLIENT,
        issuedAt: seconds(t),
        claims: { sub: 'a-no-email' },
      }),
      email: 'victim@example.com',
      acceptTerms: true,
    });
    expect(noEmail.statusCode).toBe(400);
    expect(await userCount(t)).toBe(0);
  });

  it('unlinks any other provider from an unverified account it takes over', async () => {
    const t = await withProviders();
    const squatter = registration();
    const made = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: squatter });
    await t.db.update(users).set({ appleSub: 'squatters-apple' }).where(eq(users.id, made.json().user._id));
    await google(t, { credential: await googleToken(t, { sub: 'g-real', email: squatter.email }) });
    const [row] = await t.db.select().from(users).where(eq(users.id, made.json().user._id));
    expect(row).toMatchObject({ googleSub: 'g-real', appleSub: null, passwordHash: null });
  });
});

describe('Apple sign-in', () => {
  const appleToken = (t: TestApp, claims: Record<string, unknown>, options: TokenOptions = {}) =>
    provider.sign({ issuer: APPLE_ISSUER, audience: APPLE_CLIENT, issuedAt: seconds(t), ...options, claims });

  it('keeps the name Apple gives on the first sign-in, and reads its string email_verified', async () => {
    const t = await withProviders();
    const claims = { sub: 'a-1', email: 'x1y2@privaterelay.appleid.com', email_verified: 'true' };
    const first = await apple(t, {
      identityToken: await appleToken(t, claims),
      fullName: { givenName: 'Bea', familyName: 'Jones' },
      acceptTerms: true,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      newAccount: true,
      user: { username: 'Bea Jones', email: 'x1y2@privaterelay.appleid.com', emailVerified: true },
    });
    const later = await apple(t, { identityToken: await appleToken(t, claims), fullName: 'Someone Else' });
    expect(later.json()).toMatchObject({ newAccount: false, user: { username: 'Bea Jones' } });
  });

  it('refuses a Google token, and an Apple token meant for another app', async () => {
    const t = await withProviders();
    const fromGoogle = await provider.sign({
      issuer: GOOGLE_ISSUER,
      audience: APPLE_CLIENT,
      issuedAt: seconds(t),
      claims: { sub: 'a-2', email: 'b@icloud.com' },
    });
    expect((await apple(t, { identityToken: fromGoogle, acceptTerms: true })).statusCode).toBe(401);
    const otherApp = await appleToken(t, { sub: 'a-2', email: 'b@icloud.com' }, { audience: 'com.other' });
    const res = await apple(t, { identityToken: otherApp, acceptTerms: true });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('We could not verify your Apple sign-in. Please try again.');
  });

  it('refuses someone on a break, with the date it ends', async () => {
    const t = await withProviders();
    const claims = { sub: 'a-3', email: 'c@icloud.com', email_verified: true };
    const made = await apple(t, { identityToken: await appleToken(t, claims), acceptTerms: true });
    const headers = { authorization: `Bearer ${made.json().token}` };
    await inject(t, accountApi.takeBreak, { headers, body: { period: '1m' } });
    const res = await apple(t, { identityToken: await appleToken(t, claims) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'on_break',
      error: 'You are taking a break until 20 December 2026. You can sign in again then.',
      until: '2026-12-20T12:00:00.000Z',
    });
  });
});
