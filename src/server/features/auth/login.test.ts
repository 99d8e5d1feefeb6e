import { describe, expect, it } from 'vitest';
import { registration } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject, named, rawInject } from '../../../../tests/helpers/inject';
import { passwordHashes } from '../../../../tests/helpers/password-hashes';
import { authApi } from '../../../contract/auth';
import { register } from './test-setup';

describe(named(authApi.login), () => {
  it('signs in with the email in any case and returns a fresh token', async () => {
    const t = await buildTestApp();
    const body = registration();
    const first = (await register(t, body)).json();
    const res = await inject(t, authApi.login, {
      body: { email: body.email.toUpperCase(), password: body.password },
    });
    expect(res.statusCode).toBe(200);
    // 10 welcome + 50 first_login, paid once: this second sign-in unlocks nothing new.
    expect(res.json().user).toMatchObject({ _id: first.user._id, availableEntries: 60 });
    expect(res.json().newAchievements).toEqual([]);
    expect(res.json().token).not.toBe(first.token);
    expect(res.body).not.toMatch(/passwordHash|argon2/i);
  });

  it('gives the same 401 for an unknown email and a wrong password, each after checking a password', async () => {
    const t = await buildTestApp();
    const body = registration();
    await register(t, body);
    const before = await passwordHashes();
    const wrong = await inject(t, authApi.login, { body: { email: body.email, password: 'not it at all' } });
    const unknown = await inject(t, authApi.login, {
      body: { email: 'nobody@example.com', password: body.password },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe('Invalid email or password');
    // So how long the answer takes does not tell which accounts exist.
    expect(await passwordHashes()).toBe(before + 2);
  });

  it('answers 400 for missing or wrong-typed fields', async () => {
    const t = await buildTestApp();
    for (const payload of [
      {},
      { email: 'a@b.co' },
      { password: 'secret' },
      { email: ['a@b.co'], password: 'x' },
    ]) {
      const res = await rawInject(t, authApi.login, { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('sessions', () => {
  it('GET /me returns the signed-in user; logout revokes the token', async () => {
    const t = await buildTestApp();
    const { token, user } = (await register(t, registration())).json();
    const auth = { authorization: `Bearer ${token}` };
    const me = await inject(t, authApi.me, { headers: auth });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual(user);

    const out = await inject(t, authApi.logout, { headers: auth });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('Logged out successfully');
    expect((await inject(t, authApi.me, { headers: auth })).statusCode).toBe(401);
    expect((await inject(t, authApi.logout, { headers: auth })).statusCode).toBe(401);
  });

  it('refuses a missing, malformed, unknown or expired token with 401', async () => {
    const t = await buildTestApp();
    const { token } = (await register(t, registration())).json();
    for (const authorization of ['', 'Bearer', `Basic ${token}`, 'Bearer x', `Bearer ${'a'.repeat(43)}`]) {
      const res = await inject(t, authApi.me, { headers: { authorization } });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().error).toBe('Please sign in to continue');
    }
    t.clock.advance(31 * 86_400_000);
    const expired = await inject(t, authApi.me, { headers: { authorization: `Bearer ${token}` } });
    expect(expired.statusCode).toBe(401);
  });
});
