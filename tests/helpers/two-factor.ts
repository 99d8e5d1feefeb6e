import { expect } from 'vitest';
import { twoFactorApi } from '../../src/contract/two-factor';
import type { Clock } from '../../src/server/lib/clock';
import { totpSecretOf } from '../factories';
import { codeAt } from '../support/totp';
import type { TestApp } from './app';
import { inject } from './inject';

export { codeAt };

/** The code the app shows now, by the app's clock. */
export const codeNow = (secret: string, clock: Clock) => codeAt(secret, clock.now());

/**
 * Gives a fresh second factor on a staff session made by authHeader, through the real call, with the
 * code the account's app shows now: for the calls that need a recent one after a test moved the clock.
 */
export async function confirmRecently(t: TestApp, headers: Record<string, string>, userId: string) {
  const res = await inject(t, twoFactorApi.reauth, {
    headers,
    body: { code: codeNow(await totpSecretOf(t.db, userId), t.clock) },
  });
  expect(res.statusCode, res.body).toBe(200);
}
