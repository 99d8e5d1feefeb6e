import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { me, signUp } from '../../../../tests/helpers/accounts';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject, rawInject } from '../../../../tests/helpers/inject';
import { lastMailTo, linkTokenFor } from '../../../../tests/helpers/mail';
import { passwordHashes } from '../../../../tests/helpers/password-hashes';
import { adminApi } from '../../../contract/admin';
import { authApi } from '../../../contract/auth';
import { sessions, users } from '../../db/schema';

const HOUR = 3_600_000;

const whoIs = async (t: TestApp, headers: Record<string, string>) => (await me(t, headers)).data().user;

describe('email verification', () => {
  it('emails a link at sign-up that verifies the address once', async () => {
    const t = await buildTestApp();
    const { body, user, headers } = await signUp(t);
    expect(user.emailVerified).toBe(false);
    const mail = await lastMailTo(t.db, body.email);
    expect(mail!.subject).toBe('Please verify your email address');
    expect(mail!.text).toContain(`${t.config.siteUrl}/verify-email#token=`);
    const token = await linkTokenFor(t.db, body.email, '/verify-email');

    const ok = await inject(t, authApi.verifyEmail, { body: { token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Thank you! Your email address is verified.');
    expect((await whoIs(t, headers)).emailVerified).toBe(true);

    const replay = await inject(t, authApi.verifyEmail, { body: { token } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('This link has already been used, or a newer one was sent');
  });

  it('refuses an unknown, malformed, expired or superseded link', async () => {
    const t = await buildTestApp();
    const { body, headers } = await signUp(t);
    const first = await linkTokenFor(t.db, body.email, '/verify-email');

    for (const token of ['A'.repeat(43), 'short', `${first}x`, 42, undefined]) {
      const res = await rawInject(t, authApi.verifyEmail, { payload: { token } });
      expect(res.statusCode, String(token)).toBe(400);
      expect(res.json().error).toBe('This link is not valid');
    }
    // Asking again voids the first link.
    expect((await inject(t, authApi.resendVerification, { headers })).json().message).toBe(
      `We have sent a new link to ${body.email}`,
    );
    const second = await linkTokenFor(t.db, body.email, '/verify-email');
    expect(second).not.toBe(first);
    expect((await inject(t, authApi.verifyEmail, { body: { token: first } })).json().error).toBe(
      'This link has already been used, or a newer one was sent',
    );

    t.clock.advance(24 * HOUR + 1);
    const late = await inject(t, authApi.verifyEmail, { body: { token: second } });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('This link has expired. Please ask for a new one.');
    expect((await whoIs(t, headers)).emailVerified).toBe(false);
  });

  it('resends only to a signed-in, unverified account', async () => {
    const t = await buildTestApp();
    expect((await inject(t, authApi.resendVerification)).statusCode).toBe(401);
    const { body, headers } = await signUp(t);
    await inject(t, authApi.verifyEmail, {
      body: { token: await linkTokenFor(t.db, body.email, '/verify-email') },
    });
    const again = await inject(t, authApi.resendVerification, { headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Your email address is already verified');
  });

  it('rate-limits asking for links', async () => {
    const t = await buildTestApp({ limits: { emailLinks: { max: 2, timeWindow: 60_000 } } });
    const { headers } = await signUp(t);
    for (let i = 0; i < 2; i++)
      expect((await inject(t, authApi.resendVerification, { headers })).statusCode).toBe(200);
    expect((await inject(t, authApi.resendVerification, { headers })).statusCode).toBe(429);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the address has an account, and emails only a real one', async () => {
    const t = await buildTestApp();
    const { body } = await signUp(t);
    const known = await inject(t, authApi.passwordReset, { body: { email: body.email.toUpperCase() } });
    const unknown = await inject(t, authApi.passwordReset, { body: { email: 'nobody@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(
      'If an account uses that address, we have emailed it a link to reset the password.',
    );
    expect(await lastMailTo(t.db, 'nobody@example.com')).toBeUndefined();
    expect((await lastMailTo(t.db, body.email))!.subject).toBe('Reset your PrizeDraw password');
  });

  it('never shows a usable reset or verification link in the admin’s outbox', async () => {
    const t = await buildTestApp();
    const { body } = await signUp(t);
    const verify = await linkTokenFor(t.db, body.email, '/verify-email');
    await inject(t, authApi.passwordReset, { body: { email: body.email } });
    const reset = await linkTokenFor(t.db, body.email, '/reset-password');
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const listing = await inject(t, adminApi.outbox, { headers: admin });
    expect(listing.statusCode).toBe(200);
    expect(listing.body).not.toContain(reset);
    expect(listing.body).not.toContain(verify);
    const texts = listing
      .json()
      .mails.map((m: { text: string }) => m.text)
      .join('\n');
    expect(texts).toContain('/reset-password#token=(hidden)');
    expect(texts).toContain('/verify-email#token=(hidden)');
  });

  it('sets a new password once, ends every session and verifies the address', async () => {
    const t = await buildTestApp();
    const { body, user, headers } = await signUp(t);
    await inject(t, authApi.passwordReset, { body: { email: body.email } });
    const token = await linkTokenFor(t.db, body.email, '/reset-password');

    const res = await inject(t, authApi.passwordResetConfirm, { body: { token, password: 'brand-new-pw' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been changed. Please sign in with it.');
    expect((await me(t, headers)).statusCode).toBe(401);
    const [left] = await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user._id));
    expect(left!.n).toBe(0);

    const login = (password: string) => inject(t, authApi.login, { body: { email: body.email, password } });
    expect((await login(body.password)).statusCode).toBe(401);
    const signedIn = await login('brand-new-pw');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.emailVerified).toBe(true);

    const replay = await inject(t, authApi.passwordResetConfirm, {
      body: { token, password: 'attacker-pw' },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('This link has already been used, or a newer one was sent');
    expect((await login('attacker-pw')).statusCode).toBe(401);
  });

  it('refuses a link after an hour, a verification link, a short password and a forged token', async () => {
    const t = await buildTestApp();
    const { body } = await signUp(t);
    const verifyToken = await linkTokenFor(t.db, body.email, '/verify-email');
    // A made-up or wrong kind of token costs no hashing of the new password: the form is open to anyone.
    const before = await passwordHashes();
    const wrongKind = await inject(t, authApi.passwordResetConfirm, {
      body: {
        token: verifyToken,
        password: 'secret-pw',
      },
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().error).toBe('This link is not valid');

    await inject(t, authApi.passwordReset, { body: { email: body.email } });
    const token = await linkTokenFor(t.db, body.email, '/reset-password');
    const short = await inject(t, authApi.passwordResetConfirm, { body: { token, password: '123' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/at least 6/);
    const forged = await inject(t, authApi.passwordResetConfirm, {
      body: {
        token: 'B'.repeat(43),
        password: 'secret-pw',
      },
    });
    expect(forged.json().error).toBe('This link is not valid');
    expect(await passwordHashes()).toBe(before);

    t.clock.advance(HOUR + 1);
    const late = await inject(t, authApi.passwordResetConfirm, { body: { token, password: 'secret-pw' } });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('This link has expired. Please ask for a new one.');
  });

  it('spends a link once when it is used many times at once', async () => {
    const t = await buildTestApp();
    const { body } = await signUp(t);
    await inject(t, authApi.passwordReset, { body: { email: body.email } });
    const token = await linkTokenFor(t.db, body.email, '/reset-password');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        inject(t, authApi.passwordResetConfirm, { body: { token, password: `new-pw-${i}` } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it('does not reach an account whose address changed after the link was sent', async () => {
    const t = await buildTestApp();
    const { body, user } = await signUp(t);
    await inject(t, authApi.passwordReset, { body: { email: body.email } });
    const token = await linkTokenFor(t.db, body.email, '/reset-password');
    await t.db.update(users).set({ email: 'moved@example.com' }).where(eq(users.id, user._id));
    const res = await inject(t, authApi.passwordResetConfirm, { body: { token, password: 'secret-pw' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('This link was sent to an address that is no longer on the account');
  });
});
