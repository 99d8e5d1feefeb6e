import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { APPLE_ISSUER, GOOGLE_ISSUER, type TokenOptions } from '../../../../tests/support/id-provider';
import { accountApi } from '../../../contract/account';
import { APPLE_CLIENT, apple, provider, seconds, serveIdProvider, withProviders } from './social-test-setup';

serveIdProvider();

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
