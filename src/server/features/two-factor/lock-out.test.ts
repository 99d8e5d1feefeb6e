import { describe, expect, it } from 'vitest';
import { registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { passwordHashes } from '../../../../tests/helpers/password-hashes';
import { codeAt, codeNow } from '../../../../tests/helpers/two-factor';
import { authApi } from '../../../contract/auth';
import { staffApi } from '../../../contract/staff-api';
import { CHALLENGE_MAX_FAILURES, twoFactorApi } from '../../../contract/two-factor';
import { SITE } from '../../lib/audit-log';
import { defaultRateLimits } from '../../rate-limits';
import { resetTwoFactor } from '../staff/service';
import { challengeFor, enrol, login, signedUp, verify } from './test-setup';

/** Behind one proxy, which names the client's address in X-Forwarded-For (TRUST_PROXY), with the site's own limits. */
const behindProxy = (limits = defaultRateLimits) => buildTestApp({ env: { TRUST_PROXY: 'true' }, limits });
/** Lower limits, where a test needs only to pass them: every wrong password is a real hashing. */
const low = {
  ...defaultRateLimits,
  loginFailures: { max: 3, timeWindow: 15 * 60_000 },
  loginFailuresAccount: { max: 6, timeWindow: 60 * 60_000 },
};
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
const HOME = '192.0.2.44';
const STEP_MS = 30_000;

/** Wrong passwords for `email`, `times` from each of `addresses` (DESIGN §16's attack: 110 from 11). */
async function guessPasswords(t: TestApp, email: string, addresses: string[], times: number) {
  for (const address of addresses)
    for (let i = 0; i < times; i++) {
      const res = await login(t, { email, password: 'wrong-guess' }, from(address));
      expect([401, 429]).toContain(res.statusCode);
    }
}
const strangers = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}.${i + 1}`);

/** A staff member with an authenticator, signed up and enrolled from HOME, and that first session. */
async function ownerAtHome(t: TestApp) {
  const owner = await signedUp(t, 'owner', from(HOME).headers);
  const factor = await enrol(t, owner, from(HOME).headers);
  return { ...owner, ...factor };
}

/** The owner's sign-in from HOME: the password, then the code the app shows now. */
const codeAtHome = async (t: TestApp, owner: Awaited<ReturnType<typeof ownerAtHome>>) =>
  verify(t, await challengeFor(t, owner, from(HOME)), codeNow(owner.secret, t.clock), from(HOME));

describe('strangers cannot lock staff out (DESIGN §16)', () => {
  it('lets the owner in from their usual address after 110 wrong passwords from 11 others: a code, a recovery code, a fresh code in a live session', async () => {
    const t = await behindProxy();
    const owner = await ownerAtHome(t);
    await guessPasswords(t, owner.email, strangers('198.51.100', 11), 10);

    t.clock.advance(STEP_MS);
    const byCode = await codeAtHome(t, owner);
    expect(byCode.statusCode, byCode.body).toBe(200);
    const byRecovery = await verify(
      t,
      await challengeFor(t, owner, from(HOME)),
      owner.recoveryCodes[0]!,
      from(HOME),
    );
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    t.clock.advance(STEP_MS);
    const fresh = await inject(t, twoFactorApi.reauth, {
      headers: { ...owner.headers, ...from(HOME).headers },
      body: { code: codeNow(owner.secret, t.clock) },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);

    // The strangers are still held: an address that guessed, and one never seen, even with the password.
    for (const stranger of ['198.51.100.1', '203.0.113.5'])
      expect((await login(t, owner, from(stranger))).statusCode).toBe(429);
    // A hundred wrong passwords are a hundred real hashings.
  }, 60_000);

  it('past the account’s ceiling, takes a code only from a place the owner used, as it takes a password', async () => {
    const t = await behindProxy(low);
    const owner = await ownerAtHome(t);
    // Someone with the password (phished) opens a challenge from elsewhere before the guessing starts.
    const stolen = await challengeFor(t, owner, from('203.0.113.5'));
    await guessPasswords(t, owner.email, strangers('198.51.100', 2), 3);
    t.clock.advance(STEP_MS);
    const refused = await verify(t, stolen, codeNow(owner.secret, t.clock), from('203.0.113.5'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    const owners = await codeAtHome(t, owner);
    expect(owners.statusCode).toBe(200);
  });

  it('limits codes per challenge and per account and address, so a stranger with the password cannot hold the owner up', async () => {
    const t = await behindProxy();
    const owner = await ownerAtHome(t);
    const stranger = from('203.0.113.9');
    // Five wrong codes spend a challenge; the password and the codes count against that address.
    const challenge = await challengeFor(t, owner, stranger);
    for (let i = 0; i < CHALLENGE_MAX_FAILURES; i++)
      expect((await verify(t, challenge, `00000${i}`, stranger)).json().code).toBe('invalid_code');
    expect((await verify(t, challenge, codeNow(owner.secret, t.clock), stranger)).json().code).toBe(
      'challenge_expired',
    );
    const second = await challengeFor(t, owner, stranger);
    for (let i = 0; i < 3; i++) await verify(t, second, `11111${i}`, stranger);
    const held = await verify(t, second, '222222', stranger);
    expect([held.statusCode, held.json().code]).toEqual([429, 'rate_limited']);
    expect((await login(t, owner, stranger)).statusCode).toBe(429);

    t.clock.advance(STEP_MS);
    const home = await codeAtHome(t, owner);
    expect(home.statusCode).toBe(200);
  });

  it('limits codes from a signed-in session per account and address and per session, never across the account', async () => {
    const t = await behindProxy();
    const owner = await ownerAtHome(t);
    // Another session of the account, taken by someone who guesses codes from address after address.
    t.clock.advance(STEP_MS);
    const taken = await codeAtHome(t, owner);
    const takenHeaders = { authorization: `Bearer ${taken.data().token}` };
    const guess = (address: string) =>
      inject(t, twoFactorApi.reauth, {
        headers: { ...takenHeaders, ...from(address).headers },
        body: { code: '000000' },
      });
    for (const address of strangers('198.51.100', defaultRateLimits.loginFailures.max))
      expect((await guess(address)).statusCode).toBe(400);
    expect((await guess('198.51.100.200')).statusCode).toBe(429);

    // The owner's own session, from home or from a hotel never used before, is not held by them.
    t.clock.advance(STEP_MS);
    for (const [address, step] of [
      [HOME, 0],
      ['203.0.113.77', 1],
    ] as const) {
      const res = await inject(t, twoFactorApi.reauth, {
        headers: { ...owner.headers, ...from(address).headers },
        body: { code: codeAt(owner.secret, t.clock.now(), step) },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('clears a staff member’s sign-in counters when their second factor is reset, on the Staff tab or by the operator', async () => {
    const t = await behindProxy(low);
    const owner = await ownerAtHome(t);
    for (const reset of [
      (id: string) => inject(t, staffApi.resetTwoFactor, { headers: owner.headers, params: { id } }),
      (_id: string, email: string) => resetTwoFactor(t.ctx, SITE, { email }),
    ]) {
      const support = await signedUp(t, 'support', from(HOME).headers);
      await enrol(t, support, from(HOME).headers);
      // Locked out at home by a housemate's guesses, and past the ceiling from everywhere else.
      await guessPasswords(t, support.email, [HOME], low.loginFailures.max);
      await guessPasswords(t, support.email, strangers('198.51.100', 2), 3);
      expect((await login(t, support, from(HOME))).statusCode).toBe(429);

      await reset(support.id, support.email);
      for (const place of [HOME, '203.0.113.5']) {
        const res = await login(t, support, from(place));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.data()).toHaveProperty('token');
      }
    }
  });
});

describe('sign-ins refused by their limits', () => {
  it('are refused before any password is hashed or checked: one address past its limit, or a stranger past the ceiling', async () => {
    const t = await behindProxy(low);
    const owner = await ownerAtHome(t);
    await guessPasswords(t, owner.email, strangers('198.51.100', 2), 3);
    const before = await passwordHashes();
    for (const place of ['203.0.113.5', '198.51.100.1'])
      expect((await login(t, owner, from(place))).statusCode).toBe(429);
    expect(await passwordHashes()).toBe(before);
    // The owner at home is let in, which checks the password.
    expect((await login(t, owner, from(HOME))).statusCode).toBe(200);
    expect(await passwordHashes()).toBe(before + 1);
  });

  it('include sign-ups from one address past RATE_LIMIT_REGISTER', async () => {
    const t = await buildTestApp({ env: { RATE_LIMIT_REGISTER: '1/1m' }, limits: {} });
    const before = await passwordHashes();
    await signedUp(t);
    expect(await passwordHashes()).toBe(before + 1);
    const refused = await inject(t, authApi.register, { body: registration() });
    expect(refused.statusCode).toBe(429);
    expect(await passwordHashes()).toBe(before + 1);
  });
});
