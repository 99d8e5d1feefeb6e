import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { APPLE_ISSUER, GOOGLE_ISSUER } from '../../../../tests/support/id-provider';
import { authApi } from '../../../contract/auth';
import {
  APPLE_CLIENT,
  apple,
  GOOGLE_CLIENT,
  google,
  googleToken,
  provider,
  seconds,
  serveIdProvider,
  userCount,
  withProviders,
} from './social-test-setup';

serveIdProvider();

describe('Google sign-in', () => {
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

  it('is off, with a clear 404, when no client id is configured', async () => {
    const t = await buildTestApp();
    const res = await google(t, { credential: 'a.b.c' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Google sign-in is not available on this site');
    expect((await inject(t, authApi.providers)).json()).toEqual({ google: null, apple: null });
    const on = await withProviders();
    expect((await inject(on, authApi.providers)).json()).toEqual({
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
});
