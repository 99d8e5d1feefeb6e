import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { markVerified, registration } from '../../../../tests/factories';
import type { TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { codeNow } from '../../../../tests/helpers/two-factor';
import { authApi } from '../../../contract/auth';
import type { StaffRole } from '../../../contract/staff';
import { twoFactorApi } from '../../../contract/two-factor';
import { clearReads } from '../../context';
import { users } from '../../db/schema';

// What the second-factor tests share.

type Headers = Record<string, string>;

/** A member who signed up with a password (made staff with `role`), and their first session. */
export async function signedUp(t: TestApp, role?: StaffRole, headers: Headers = {}) {
  const body = registration();
  const res = await inject(t, authApi.register, { body, headers });
  const { token, user } = res.data();
  // An owner makes staff only of an address proved to be the account's own.
  await markVerified(t.db, user._id);
  if (role) {
    await t.db.update(users).set({ staffRole: role }).where(eq(users.id, user._id));
    clearReads(t.ctx);
  }
  return { ...body, id: user._id, headers: { authorization: `Bearer ${token}` } as Headers };
}

/**
 * Sets up the authenticator on the account from the session in `headers`, giving its password again;
 * answers its secret and recovery codes.
 */
export async function enrol(t: TestApp, who: { headers: Headers; password: string }, extra: Headers = {}) {
  const headers = { ...who.headers, ...extra };
  const setup = await inject(t, twoFactorApi.totpSetup, { headers, body: { password: who.password } });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUrl } = setup.data();
  const confirmed = await inject(t, twoFactorApi.totpConfirm, {
    headers,
    body: { code: codeNow(secret, t.clock) },
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret, otpauthUrl, recoveryCodes: confirmed.data().recoveryCodes };
}

export const login = (
  t: TestApp,
  who: { email: string; password: string },
  from: { remoteAddress?: string; headers?: Headers } = {},
) => inject(t, authApi.login, { body: { email: who.email, password: who.password }, ...from });

/** The challenge a right password answers for an account with a second factor. */
export async function challengeFor(
  t: TestApp,
  who: { email: string; password: string },
  from: { remoteAddress?: string; headers?: Headers } = {},
) {
  const res = await login(t, who, from);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.data();
  expect(answer).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  return (answer as { challenge: string }).challenge;
}

export const verify = (
  t: TestApp,
  challenge: string,
  code: string,
  from: { remoteAddress?: string; headers?: Headers } = {},
) => inject(t, authApi.verifySecondFactor, { body: { challenge, code }, ...from });
