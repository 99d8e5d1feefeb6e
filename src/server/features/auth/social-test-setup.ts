import { count } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { rawInject } from '../../../../tests/helpers/inject';
import {
  GOOGLE_ISSUER,
  type IdProvider,
  startIdProvider,
  type TokenOptions,
} from '../../../../tests/support/id-provider';
import { authApi } from '../../../contract/auth';
import { users } from '../../db/schema';

// What the Google and Apple sign-in tests share: a token service of their own, and calls to sign in with it.

export const GOOGLE_CLIENT = 'test-client.apps.googleusercontent.com';
export const APPLE_CLIENT = 'uk.co.prizedraw.web';

/** The stand-in Google and Apple token service of the test file that called serveIdProvider. */
export let provider: IdProvider;

/** Starts the token service before the calling file's tests and closes it after them. */
export function serveIdProvider() {
  beforeAll(async () => {
    provider = await startIdProvider();
  });
  afterAll(() => provider.close());
}

export const withProviders = () =>
  buildTestApp({
    env: {
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
      GOOGLE_JWKS_URL: provider.jwksUrl,
      APPLE_CLIENT_ID: APPLE_CLIENT,
      APPLE_JWKS_URL: provider.jwksUrl,
    },
  });

export const seconds = (t: TestApp) => Math.floor(t.clock.now().getTime() / 1000);
export const googleToken = (t: TestApp, claims: Record<string, unknown>, options: TokenOptions = {}) =>
  provider.sign({
    issuer: GOOGLE_ISSUER,
    audience: GOOGLE_CLIENT,
    issuedAt: seconds(t),
    ...options,
    claims: { email_verified: true, ...claims },
  });
// Sent as given, so a test can send what the contract refuses too.
export const google = (t: TestApp, body: object) => rawInject(t, authApi.google, { payload: body });
export const apple = (t: TestApp, body: object) => rawInject(t, authApi.apple, { payload: body });
export const userCount = async (t: TestApp) => (await t.db.select({ n: count() }).from(users))[0]!.n;
