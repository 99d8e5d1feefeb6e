import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { lastMailTo, linkTokenFor } from '../../../../tests/helpers/mail';
import { accountApi } from '../../../contract/account';
import { authApi } from '../../../contract/auth';
import { signedIn, signIn, signUp } from './test-setup';

describe('change password', () => {
  it('needs the current password, keeps this session and ends every other one', async () => {
    const t = await buildTestApp();
    const { body, headers } = await signUp(t);
    const other = await signIn(t, body.email, body.password);

    const changePassword = (body: { currentPassword: string; newPassword: string }) =>
      inject(t, accountApi.changePassword, { headers, body });
    const wrong = await changePassword({ currentPassword: 'nope-nope', newPassword: 'new-secret' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Your current password is not correct');
    const short = await changePassword({ currentPassword: body.password, newPassword: '123' });
    expect(short.statusCode).toBe(400);

    const ok = await changePassword({ currentPassword: body.password, newPassword: 'new-secret' });
    expect(ok.statusCode).toBe(200);
    expect(await signedIn(t, headers)).toBe(true);
    expect(await signedIn(t, other.headers)).toBe(false);
    expect((await signIn(t, body.email, 'new-secret')).res.statusCode).toBe(200);
    expect((await lastMailTo(t.db, body.email))!.subject).toBe('Your PrizeDraw password was changed');
  });
});

describe('change email', () => {
  it('moves the account to a new, unverified address, links it, tells the old one and ends other sessions', async () => {
    const t = await buildTestApp();
    const { body, headers } = await signUp(t);
    const other = await signIn(t, body.email, body.password);
    await inject(t, authApi.verifyEmail, {
      body: { token: await linkTokenFor(t.db, body.email, '/verify-email') },
    });

    const res = await inject(t, accountApi.changeEmail, {
      headers,
      body: { password: body.password, email: ' New@Example.com ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data().user).toMatchObject({ email: 'new@example.com', emailVerified: false });
    expect(await signedIn(t, other.headers)).toBe(false);
    expect((await lastMailTo(t.db, body.email))!.text).toContain('was changed to new@example.com');
    const token = await linkTokenFor(t.db, 'new@example.com', '/verify-email');
    expect((await inject(t, authApi.verifyEmail, { body: { token } })).statusCode).toBe(200);
    expect((await signIn(t, 'new@example.com', body.password)).res.json().user.emailVerified).toBe(true);
  });

  it('refuses a taken address, the same address, a wrong password and a bad address', async () => {
    const t = await buildTestApp();
    const { body, headers } = await signUp(t);
    const taken = await signUp(t);
    const cases: Array<[object, number, RegExp]> = [
      [{ password: body.password, email: taken.body.email }, 409, /already exists/],
      [{ password: body.password, email: body.email }, 400, /already your email/],
      [{ password: 'wrong-one', email: 'x@example.com' }, 400, /not correct/],
      [{ password: body.password, email: 'not-an-email' }, 400, /valid email/],
      [{ email: 'x@example.com' }, 400, /password is required/i],
    ];
    for (const [payload, status, error] of cases) {
      const res = await inject(t, accountApi.changeEmail, { headers, body: payload as never });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error).toMatch(error);
    }
    expect((await signIn(t, body.email, body.password)).res.statusCode).toBe(200);
  });
});
