import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject, rawInject } from '../../../../tests/helpers/inject';
import { codeAt, codeNow } from '../../../../tests/helpers/two-factor';
import { authApi } from '../../../contract/auth';
import { MINUTE_MS } from '../../../contract/constants';
import { staffApi } from '../../../contract/staff-api';
import { CHALLENGE_MAX_FAILURES, RECOVERY_CODE_COUNT, twoFactorApi } from '../../../contract/two-factor';
import { auditLog, recoveryCodes, users } from '../../db/schema';
import { challengeFor, enrol, login, signedUp, verify } from './test-setup';

describe('two-step verification (TOTP)', () => {
  it('is set up with a code from the app, which turns it on and gives ten single-use recovery codes', async () => {
    const t = await buildTestApp();
    const member = await signedUp(t);
    const { headers } = member;
    const before = (await inject(t, twoFactorApi.status, { headers })).data();
    expect(before).toEqual({
      totp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
      required: false,
      secondFactorAt: null,
    });

    const setup = (
      await inject(t, twoFactorApi.totpSetup, { headers, body: { password: member.password } })
    ).data();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(setup.secret);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      issuer: 'PrizeDraw',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(decodeURIComponent(url.pathname)).toContain(member.email);

    // A wrong code, or one from two steps away, leaves it off.
    for (const code of ['000000', codeAt(setup.secret, t.clock.now(), 2)]) {
      const wrong = await inject(t, twoFactorApi.totpConfirm, { headers, body: { code } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('invalid_code');
    }
    expect((await login(t, member)).data()).toHaveProperty('token');

    const confirmed = await inject(t, twoFactorApi.totpConfirm, {
      headers,
      body: { code: codeNow(setup.secret, t.clock) },
    });
    const codes = confirmed.data().recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await inject(t, twoFactorApi.status, { headers })).data()).toEqual({
      totp: true,
      passkeys: [],
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
      required: false,
      secondFactorAt: t.clock.now().toISOString(),
    });
    // Stored hashed: no code, and not the secret's use, is readable from the table.
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    expect(stored.some((row) => codes.some((code) => row.codeHash.includes(code.replace('-', ''))))).toBe(
      false,
    );

    const again = await inject(t, twoFactorApi.totpSetup, { headers, body: { password: member.password } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('two_factor_enrolled');
  });

  it('makes signing in a challenge answered with a code, each code accepted once', async () => {
    const t = await buildTestApp();
    const member = await signedUp(t);
    const { secret } = await enrol(t, member);
    t.clock.advance(MINUTE_MS);

    const challenge = await challengeFor(t, member);
    const code = codeNow(secret, t.clock);
    const session = await verify(t, challenge, code);
    expect(session.statusCode).toBe(200);
    const { token, user } = session.data();
    expect(user._id).toBe(member.id);
    const me = await inject(t, authApi.me, { headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);

    // The same code, and the step before it, on a new challenge: refused.
    for (const again of [code, codeAt(secret, t.clock.now(), -1)]) {
      const refused = await verify(t, await challengeFor(t, member), again);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({
        code: 'invalid_code',
        error: 'That code is not right. Please try again.',
      });
    }
    // The spent challenge opens nothing more.
    const spent = await verify(t, challenge, codeAt(secret, t.clock.now(), 1));
    expect(spent.json().code).toBe('challenge_expired');
    // The next step's code is good (the app's clock a little ahead).
    expect(
      (await verify(t, await challengeFor(t, member), codeAt(secret, t.clock.now(), 1))).statusCode,
    ).toBe(200);
  });

  it('takes each recovery code once, however it is typed', async () => {
    const t = await buildTestApp();
    const member = await signedUp(t);
    const { recoveryCodes } = await enrol(t, member);
    const [first, second] = recoveryCodes as [string, string];

    expect((await verify(t, await challengeFor(t, member), first)).statusCode).toBe(200);
    const reused = await verify(t, await challengeFor(t, member), first);
    expect(reused.json().code).toBe('invalid_code');
    const typed = ` ${second.toUpperCase().replace('-', ' ')} `;
    const session = await verify(t, await challengeFor(t, member), typed);
    expect(session.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${session.data().token}` };
    expect((await inject(t, twoFactorApi.status, { headers })).data().recoveryCodesLeft).toBe(
      RECOVERY_CODE_COUNT - 2,
    );

    // New codes replace the old ones.
    const renewed = await inject(t, twoFactorApi.recoveryCodes, {
      headers,
      body: { code: recoveryCodes[2]! },
    });
    const fresh = renewed.data().recoveryCodes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await verify(t, await challengeFor(t, member), recoveryCodes[3]!)).json().code).toBe(
      'invalid_code',
    );
    expect((await verify(t, await challengeFor(t, member), fresh[0]!)).statusCode).toBe(200);
  });

  it('opens one session per challenge and accepts a code once, even when both arrive at once', async () => {
    const t = await buildTestApp();
    const member = await signedUp(t);
    const { secret, recoveryCodes } = await enrol(t, member);
    t.clock.advance(MINUTE_MS);

    // One challenge, two right codes at once: one session.
    const challenge = await challengeFor(t, member);
    const both = await Promise.all([
      verify(t, challenge, codeNow(secret, t.clock)),
      verify(t, challenge, recoveryCodes[0]!),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);

    // One code, two challenges at once: accepted once.
    t.clock.advance(MINUTE_MS);
    const [a, b] = [await challengeFor(t, member), await challengeFor(t, member)];
    const code = codeNow(secret, t.clock);
    const twice = await Promise.all([verify(t, a, code), verify(t, b, code)]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('lets a challenge wait five minutes and take five wrong codes, then it must start again', async () => {
    const t = await buildTestApp();
    const member = await signedUp(t);
    const { secret } = await enrol(t, member);

    const late = await challengeFor(t, member);
    t.clock.advance(5 * MINUTE_MS + 1000);
    const expired = await verify(t, late, codeNow(secret, t.clock));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      code: 'challenge_expired',
      error: 'This sign-in has expired. Please sign in again.',
    });

    const guessed = await challengeFor(t, member);
    for (let i = 0; i < CHALLENGE_MAX_FAILURES; i++)
      expect((await verify(t, guessed, `00000${i}`)).json().code).toBe('invalid_code');
    expect((await verify(t, guessed, codeNow(secret, t.clock))).json().code).toBe('challenge_expired');
  });

  it('counts wrong codes towards the sign-in limit of the account from that address', async () => {
    const t = await buildTestApp({ limits: { loginFailures: { max: 6, timeWindow: 15 * MINUTE_MS } } });
    const member = await signedUp(t);
    const { secret } = await enrol(t, member);
    const from = { remoteAddress: '203.0.113.9' };
    // A right password with a code still to give counts until the code is right: three rounds are six attempts.
    for (let i = 0; i < 3; i++) {
      const challenge = (await login(t, member, from)).data() as { challenge: string };
      expect((await verify(t, challenge.challenge, '123456', from)).statusCode).toBe(401);
    }
    const limited = await login(t, member, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    // Another address is not locked out by these, and a right code there forgives its attempts.
    const elsewhere = { remoteAddress: '198.51.100.7' };
    const challenge = (await login(t, member, elsewhere)).data() as { challenge: string };
    t.clock.advance(MINUTE_MS);
    expect((await verify(t, challenge.challenge, codeNow(secret, t.clock), elsewhere)).statusCode).toBe(200);
  });

  it('holds a session’s wrong codes at its own limit from any address, and reads a code typed with a space', async () => {
    const t = await buildTestApp({ limits: { loginFailures: { max: 4, timeWindow: 15 * MINUTE_MS } } });
    const member = await signedUp(t);
    const { secret } = await enrol(t, member);
    const reauth = (code: string, remoteAddress?: string) =>
      inject(t, twoFactorApi.reauth, { headers: member.headers, body: { code }, remoteAddress });
    for (let i = 0; i < 4; i++) expect((await reauth('000000', `203.0.113.${i + 1}`)).statusCode).toBe(400);
    t.clock.advance(MINUTE_MS);
    const code = codeNow(secret, t.clock);
    expect((await reauth(code, '198.51.100.50')).json().code).toBe('rate_limited');
    t.clock.advance(15 * MINUTE_MS);
    expect((await reauth(`${code.slice(0, 3)} ${code.slice(3)}`)).statusCode).toBe(400);
    const fresh = codeNow(secret, t.clock);
    expect((await reauth(`${fresh.slice(0, 3)} ${fresh.slice(3)}`)).statusCode).toBe(200);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const t = await buildTestApp();
    const member = await signedUp(t);
    const challenge = 'a'.repeat(43);
    for (const body of [
      {},
      { challenge },
      { code: '123456' },
      { challenge: 'short', code: '123456' },
      { challenge, code: '12' },
      { challenge, code: 'x'.repeat(40) },
      { challenge, code: 123456 },
      { challenge, code: '123456', extra: true },
    ]) {
      const res = await rawInject(t, authApi.verifySecondFactor, { payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await verify(t, challenge, '123456');
    expect(unknown.json().code).toBe('challenge_expired');
    const noSetup = await inject(t, twoFactorApi.totpConfirm, {
      headers: member.headers,
      body: { code: '123456' },
    });
    expect(noSetup.json().code).toBe('two_factor_not_started');
    const notOn = await inject(t, twoFactorApi.reauth, { headers: member.headers, body: { code: '123456' } });
    expect(notOn.json().code).toBe('two_factor_not_enrolled');
    const visitor = await rawInject(t, twoFactorApi.totpSetup);
    expect(visitor.statusCode).toBe(401);
  });

  it('may be turned off by a member with a code, and then signing in takes the password alone', async () => {
    const t = await buildTestApp();
    const member = await signedUp(t);
    const { secret } = await enrol(t, member);
    const wrong = await inject(t, twoFactorApi.totpRemove, {
      headers: member.headers,
      body: { code: '111111' },
    });
    expect(wrong.statusCode).toBe(400);
    t.clock.advance(MINUTE_MS);
    const off = await inject(t, twoFactorApi.totpRemove, {
      headers: member.headers,
      body: { code: codeNow(secret, t.clock) },
    });
    expect(off.statusCode).toBe(200);
    expect((await login(t, member)).data()).toHaveProperty('token');
  });
});

describe('staff and their second factor', () => {
  it('keeps the console from staff until they enrol, and the enrolling session counts as the second factor', async () => {
    const t = await buildTestApp();
    const owner = await signedUp(t, 'owner');
    // The password alone opens a session, but not the console.
    const refused = await inject(t, staffApi.list, { headers: owner.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('two_factor_required');
    expect((await inject(t, twoFactorApi.status, { headers: owner.headers })).data().required).toBe(true);

    const { secret } = await enrol(t, owner);
    expect((await inject(t, staffApi.list, { headers: owner.headers })).statusCode).toBe(200);

    // From now on a password opens nothing without a code.
    t.clock.advance(MINUTE_MS);
    const session = await verify(t, await challengeFor(t, owner), codeNow(secret, t.clock));
    const headers = { authorization: `Bearer ${session.data().token}` };
    expect((await inject(t, staffApi.list, { headers })).statusCode).toBe(200);

    // Staff keep it.
    const keep = await inject(t, twoFactorApi.totpRemove, {
      headers,
      body: { code: codeAt(secret, t.clock.now(), 1) },
    });
    expect(keep.statusCode).toBe(403);
    expect(keep.json().code).toBe('two_factor_required');
  });

  it('asks for a fresh code for the dangerous calls once the last is more than 15 minutes old', async () => {
    const t = await buildTestApp();
    const owner = await signedUp(t, 'owner');
    const { secret } = await enrol(t, owner);
    const other = await signedUp(t);
    const makeSupport = () =>
      inject(t, staffApi.add, { headers: owner.headers, body: { email: other.email, role: 'support' } });

    t.clock.advance(15 * MINUTE_MS);
    expect((await makeSupport()).statusCode).toBe(200);

    t.clock.advance(MINUTE_MS);
    const stale = await inject(t, staffApi.changeRole, {
      headers: owner.headers,
      params: { id: other.id },
      body: { role: 'finance' },
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('reauth_required');
    // Reading is not dangerous.
    expect((await inject(t, staffApi.list, { headers: owner.headers })).statusCode).toBe(200);

    const wrong = await inject(t, twoFactorApi.reauth, { headers: owner.headers, body: { code: '999999' } });
    expect(wrong.json()).toMatchObject({ code: 'invalid_code' });
    expect(wrong.statusCode).toBe(400);
    const fresh = await inject(t, twoFactorApi.reauth, {
      headers: owner.headers,
      body: { code: codeNow(secret, t.clock) },
    });
    expect(fresh.statusCode).toBe(200);
    const changed = await inject(t, staffApi.changeRole, {
      headers: owner.headers,
      params: { id: other.id },
      body: { role: 'finance' },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('counts no session as having given a second factor once it is turned off', async () => {
    const t = await buildTestApp();
    const member = await signedUp(t);
    const { secret } = await enrol(t, member);
    t.clock.advance(MINUTE_MS);
    await inject(t, twoFactorApi.totpRemove, {
      headers: member.headers,
      body: { code: codeNow(secret, t.clock) },
    });
    await t.db.update(users).set({ staffRole: 'owner' }).where(eq(users.id, member.id));
    expect((await inject(t, staffApi.list, { headers: member.headers })).json().code).toBe(
      'two_factor_required',
    );
  });

  it('refuses a staff session from before enrolment until it gives a code', async () => {
    const t = await buildTestApp();
    const admin = await signedUp(t, 'owner');
    // A second session, opened by the password before the factor was set up in the first.
    const before = (await login(t, admin)).data() as { token: string };
    const headers = { authorization: `Bearer ${before.token}` };
    const { secret } = await enrol(t, admin);

    expect((await inject(t, staffApi.list, { headers })).json().code).toBe('two_factor_required');
    // A member's call still works for it: only the console needs the second factor.
    expect((await inject(t, authApi.me, { headers })).statusCode).toBe(200);
    t.clock.advance(MINUTE_MS);
    const reauth = await inject(t, twoFactorApi.reauth, {
      headers,
      body: { code: codeNow(secret, t.clock) },
    });
    expect(reauth.json()).toEqual({ message: 'Thank you, that is confirmed.' });
    const list = await inject(t, staffApi.list, { headers });
    expect(list.statusCode, list.body).toBe(200);
  });

  it('is reset by an owner for staff who lost it, which ends their sessions; never by themselves', async () => {
    const t = await buildTestApp();
    const owner = await signedUp(t, 'owner');
    await enrol(t, owner);
    const support = await signedUp(t, 'support');
    await enrol(t, support);
    const listed = (await inject(t, staffApi.list, { headers: owner.headers })).data().staff;
    expect(listed.find((s) => s._id === support.id)?.twoFactor).toBe(true);

    const reset = await inject(t, staffApi.resetTwoFactor, {
      headers: owner.headers,
      params: { id: support.id },
    });
    expect(reset.data().staff).toMatchObject({ _id: support.id, twoFactor: false });
    expect((await inject(t, authApi.me, { headers: support.headers })).statusCode).toBe(401);
    // The password opens a session again, which must set up a new factor before the console opens.
    const signedIn = (await login(t, support)).data();
    expect(signedIn).toHaveProperty('token');
    const audit = await t.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.two_factor_reset'));
    expect(audit).toEqual([{ summary: `Reset the two-step verification of ${support.username}` }]);

    const own = await inject(t, staffApi.resetTwoFactor, {
      headers: owner.headers,
      params: { id: owner.id },
    });
    expect(own.statusCode).toBe(409);
    const member = await signedUp(t);
    const notStaff = await inject(t, staffApi.resetTwoFactor, {
      headers: owner.headers,
      params: { id: member.id },
    });
    expect(notStaff.statusCode).toBe(404);
    const bySupport = await inject(t, staffApi.resetTwoFactor, {
      headers: support.headers,
      params: { id: owner.id },
    });
    expect(bySupport.statusCode).toBe(401);
  });
});
