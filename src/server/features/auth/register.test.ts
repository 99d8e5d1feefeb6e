import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { named, rawInject } from '../../../../tests/helpers/inject';
import { authApi } from '../../../contract/auth';
import { ledgerEntries, sessions, users } from '../../db/schema';
import { register } from './test-setup';

async function userCount(t: TestApp) {
  const [row] = await t.db.select({ n: count() }).from(users);
  return row!.n;
}

describe(named(authApi.register), () => {
  it('creates the account, credits the 10-entry welcome bonus through the ledger and signs in', async () => {
    const t = await buildTestApp();
    const res = await register(
      t,
      registration({ username: '  Ann Smith ', email: '  Ann.Smith@Example.COM ' }),
    );
    expect(res.statusCode).toBe(201);
    const { token, user, newAchievements } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The welcome bonus, and signing in for the first time is the first_login achievement (+50).
    expect(newAchievements).toEqual(['first_login']);
    expect(user).toMatchObject({
      username: 'Ann Smith',
      email: 'ann.smith@example.com',
      availableEntries: 10 + 50,
      totalEntries: 10 + 50,
      isAdmin: false,
      role: null,
    });
    expect(res.body).not.toMatch(/passwordHash|argon2/i);

    const ledger = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user._id));
    expect(ledger).toEqual([
      expect.objectContaining({ amount: 10, reason: 'welcome_bonus', account: 'entries' }),
      expect.objectContaining({ amount: 50, reason: 'achievement', reference: 'first_login' }),
    ]);
    const [stored] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user._id));
    expect(session!.tokenHash).not.toBe(token);
  });

  it('refuses a second account for the same email, whatever its case or spacing', async () => {
    const t = await buildTestApp();
    const body = registration();
    expect((await register(t, body)).statusCode).toBe(201);
    const res = await register(t, { ...body, email: ` ${body.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('An account with this email already exists');
    expect(await userCount(t)).toBe(1);
  });

  it('gives exactly one account and one bonus when the same email registers many times at once', async () => {
    const t = await buildTestApp();
    const body = registration();
    const results = await Promise.all(Array.from({ length: 8 }, () => register(t, body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await userCount(t)).toBe(1);
    const [bonus] = await t.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reason, 'welcome_bonus'));
    expect(bonus!.n).toBe(1);
    const [achievement] = await t.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reason, 'achievement'));
    expect(achievement!.n).toBe(1);
  });

  const bad: Array<[string, Record<string, unknown>, RegExp]> = [
    ['a missing name', { username: undefined }, /name is required/i],
    ['a blank name', { username: '   ' }, /name is required/i],
    ['a name with markup', { username: '<script>alert(1)</script>' }, /not allowed/i],
    ['an over-long name', { username: 'x'.repeat(51) }, /at most 50/i],
    ['a missing email', { email: undefined }, /email is required/i],
    ['an invalid email', { email: 'not-an-email' }, /valid email/i],
    ['an email that is a number', { email: 42 }, /email is required/i],
    ['a short password', { password: '12345' }, /at least 6/i],
    ['a huge password', { password: 'p'.repeat(129) }, /at most 128/i],
    ['a password that is an object', { password: { $gt: '' } }, /password is required/i],
    ['terms not accepted', { acceptTerms: false }, /18 or over/i],
    ['terms missing', { acceptTerms: undefined }, /18 or over/i],
    ['terms as a string', { acceptTerms: 'true' }, /18 or over/i],
    ['a made-up field', { role: 'owner' }, /unrecognized key/i],
    ['a balance set by the client', { availableEntries: 1_000_000 }, /unrecognized key/i],
    ['an over-long referral code', { referralCode: 'R'.repeat(65) }, /referral/i],
    ['a NUL byte in the name', { username: 'Ann\u0000' }, /not allowed/i],
    ['a line break in the name', { username: 'Ann\nAdmin' }, /not allowed/i],
    ['a tab in the name', { username: 'Ann\tAdmin' }, /not allowed/i],
  ];
  it.each(bad)('answers 400 and writes nothing for %s', async (_label, change, message) => {
    const t = await buildTestApp();
    const res = await register(t, registration(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
    expect(await userCount(t)).toBe(0);
  });

  it('records the referrer for a real code and ignores an unknown one rather than blocking the sign-up', async () => {
    const t = await buildTestApp();
    const unknown = await register(t, registration({ referralCode: "x' OR 1=1 --" }));
    expect(unknown.statusCode).toBe(201);
    const referrer = (await register(t, registration())).json().user;
    const res = await register(t, registration({ referralCode: referrer.referralCode.toLowerCase() }));
    expect(res.statusCode).toBe(201);
    const rows = await t.db.select().from(users);
    expect(rows.find((u) => u.id === res.json().user._id)!.referredBy).toBe(referrer._id);
    expect(rows.find((u) => u.id === unknown.json().user._id)!.referredBy).toBeNull();
  });

  it('answers 400 for malformed JSON, a body that is not an object and an empty body', async () => {
    const t = await buildTestApp();
    const send = (payload: string) =>
      rawInject(t, authApi.register, { payload, headers: { 'content-type': 'application/json' } });
    for (const payload of ['{"username":', '[]', 'null', '"text"', '']) {
      const res = await send(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error, payload).toEqual(expect.any(String));
    }
    const proto = await send('{"__proto__":{"isAdmin":true},"username":"x"}');
    expect(proto.statusCode).toBe(400);
    expect(await userCount(t)).toBe(0);
  });

  it('answers 413 for an oversized body and 415 for a body that is not JSON', async () => {
    const t = await buildTestApp();
    const huge = await register(t, registration({ username: 'x'.repeat(100_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe('The request body is too large');
    const form = await rawInject(t, authApi.register, {
      payload: 'username=a&email=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(await userCount(t)).toBe(0);
  });
});
