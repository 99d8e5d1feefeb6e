import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { MINUTE_MS } from '../../../contract/constants';
import { passkeysApi } from '../../../contract/passkeys';
import { type PasswordAgainBody, RECENT_SIGN_IN_MINUTES, twoFactorApi } from '../../../contract/two-factor';
import { sessions } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { defaultRateLimits } from '../../rate-limits';
import { enrol, login, signedUp } from './test-setup';

type Headers = Record<string, string>;
const LIMIT = 3;
const limited = () =>
  buildTestApp({
    limits: { ...defaultRateLimits, loginFailures: { max: LIMIT, timeWindow: 15 * MINUTE_MS } },
  });

/** The two ways to add a second factor, each asked for with `body`. */
const enrolments = {
  authenticator: (t: TestApp, headers: Headers, body: PasswordAgainBody, remoteAddress?: string) =>
    inject(t, twoFactorApi.totpSetup, { headers, body, remoteAddress }),
  passkey: (t: TestApp, headers: Headers, body: PasswordAgainBody, remoteAddress?: string) =>
    inject(t, passkeysApi.registerOptions, { headers, body, remoteAddress }),
};

/** A session of the account opened now, as a sign-in through Google or Apple would open it. */
async function signedInNow(t: TestApp, userId: string) {
  const headers = await authHeader(t.db, userId, { at: t.clock.now() });
  const tokenHash = hashToken(headers.authorization.replace('Bearer ', ''));
  await t.db.update(sessions).set({ createdAt: t.clock.now() }).where(eq(sessions.tokenHash, tokenHash));
  return headers;
}

describe('enrolling a second factor asks for the password again (DESIGN §16)', () => {
  for (const [name, ask] of Object.entries(enrolments)) {
    it(`refuses ${name} without the password or with a wrong one, each wrong one a failed sign-in`, async () => {
      const t = await limited();
      const member = await signedUp(t);
      for (const body of [undefined, {}]) {
        const res = await ask(t, member.headers, body);
        expect([res.statusCode, res.json().code]).toEqual([403, 'password_required']);
      }
      const empty = await ask(t, member.headers, { password: '' });
      expect([empty.statusCode, empty.json().error]).toEqual([400, 'Enter your password']);
      for (let i = 0; i < LIMIT; i++) {
        const wrong = await ask(t, member.headers, { password: 'not the password' });
        expect(wrong.json()).toEqual({
          error: 'Your current password is not correct',
          code: 'wrong_password',
        });
      }
      // Past the limit of that address and that session: the right password too, and a sign-in from there.
      expect((await ask(t, member.headers, { password: member.password })).statusCode).toBe(429);
      expect((await login(t, member)).statusCode).toBe(429);

      const elsewhere = '198.51.100.20';
      const session = (await login(t, member, { remoteAddress: elsewhere })).data() as { token: string };
      const headers = { authorization: `Bearer ${session.token}` };
      const res = await ask(t, headers, { password: member.password }, elsewhere);
      expect(res.statusCode, res.body).toBe(200);
    });
  }

  it('asks an account with a second factor for its password as well as a recent second factor', async () => {
    const t = await limited();
    const member = await signedUp(t);
    await enrol(t, member);
    const options = (body: PasswordAgainBody) => enrolments.passkey(t, member.headers, body);
    expect((await options(undefined)).json().code).toBe('password_required');
    expect((await options({ password: 'not the password' })).json().code).toBe('wrong_password');
    expect((await options({ password: member.password })).statusCode).toBe(200);
    t.clock.advance((RECENT_SIGN_IN_MINUTES + 1) * MINUTE_MS);
    expect((await options({ password: member.password })).json().code).toBe('reauth_required');
  });

  it('lets an account with no password (Google, Apple) enrol only within 15 minutes of signing in', async () => {
    const t = await limited();
    const user = await createUser(t.db);
    const headers = await signedInNow(t, user.id);
    t.clock.advance((RECENT_SIGN_IN_MINUTES + 1) * MINUTE_MS);
    for (const ask of Object.values(enrolments)) {
      const stale = await ask(t, headers, {});
      expect([stale.statusCode, stale.json().code]).toEqual([403, 'recent_sign_in_required']);
    }
    // Signed in again: both start, with no password to give.
    const fresh = await signedInNow(t, user.id);
    for (const ask of Object.values(enrolments))
      expect((await ask(t, fresh, undefined)).statusCode).toBe(200);
  });
});
