import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { ledgerEntries, sessions, users } from '../../db/schema';

async function register(t: TestApp, body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body as object });
}

async function userCount(t: TestApp) {
  const [row] = await t.db.select({ n: count() }).from(users);
  return row!.n;
}

describe('POST /api/auth/register', () => {
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
    ['a made-up field', { isAdmin: true }, /unrecognized key/i],
    ['a balance set by the client', { availableEntries: 1_000_000 }, /unrecognized key/i],
    ['an over-long referral code', { referralCode: 'R'.repeat(65) }, /referral/i],
    ['a NUL byte in the name', { username: 'Ann\u0000' }, /not allowed/i],
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
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload,
        headers: { 'content-type': 'application/json' },
      });
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
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: 'username=a&email=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(await userCount(t)).toBe(0);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the email in any case and returns a fresh token', async () => {
    const t = await buildTestApp();
    const body = registration();
    const first = (await register(t, body)).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email.toUpperCase(), password: body.password },
    });
    expect(res.statusCode).toBe(200);
    // 10 welcome + 50 first_login, paid once: this second sign-in unlocks nothing new.
    expect(res.json().user).toMatchObject({ _id: first.user._id, availableEntries: 60 });
    expect(res.json().newAchievements).toEqual([]);
    expect(res.json().token).not.toBe(first.token);
    expect(res.body).not.toMatch(/passwordHash|argon2/i);
  });

  it('gives the same 401 for an unknown email and a wrong password', async () => {
    const t = await buildTestApp();
    const body = registration();
    await register(t, body);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: 'not it at all' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: body.password },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe('Invalid email or password');
  });

  it('answers 400 for missing or wrong-typed fields', async () => {
    const t = await buildTestApp();
    for (const payload of [
      {},
      { email: 'a@b.co' },
      { password: 'secret' },
      { email: ['a@b.co'], password: 'x' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  const attemptOn = (t: TestApp, email: string) => (password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('locks one address out of one account after repeated failures, not the owner elsewhere, until the window passes', async () => {
    const t = await buildTestApp({
      limits: {
        loginFailures: { max: 5, timeWindow: 15 * 60_000 },
        loginFailuresAccount: { max: 100, timeWindow: 3_600_000 },
      },
    });
    const body = registration();
    await register(t, body);
    const attempt = attemptOn(t, body.email);

    // A success takes its attempt back and clears what came before it from that address.
    for (let i = 0; i < 4; i++) expect((await attempt('guess-guess', '10.0.0.1')).statusCode).toBe(401);
    expect((await attempt(body.password, '10.0.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt('guess-guess', '10.0.0.1')).statusCode).toBe(401);
    // Locked out from there, even with the right password…
    const blocked = await attempt(body.password, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('Too many failed attempts. Please try again in 15 minutes.');
    // …while the owner, from home, signs in as usual, and other accounts are untouched from the locked address.
    expect((await attempt(body.password, '192.0.2.44')).statusCode).toBe(200);
    const other = registration();
    await register(t, other);
    expect((await attemptOn(t, other.email)(other.password, '10.0.0.1')).statusCode).toBe(200);

    t.clock.advance(15 * 60_000 + 1);
    expect((await attempt(body.password, '10.0.0.1')).statusCode).toBe(200);
  });

  it('behind a proxy, counts the address the proxy saw, not one the client wrote in X-Forwarded-For', async () => {
    const t = await buildTestApp({
      env: { TRUST_PROXY: 'true' },
      limits: {
        loginFailures: { max: 2, timeWindow: 15 * 60_000 },
        loginFailuresAccount: { max: 100, timeWindow: 3_600_000 },
      },
    });
    const body = registration();
    await register(t, body);
    const attempt = (forged: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: body.email, password: 'wrong-guess' },
        headers: { 'x-forwarded-for': `${forged}, 198.51.100.7` },
      });
    expect((await attempt('6.6.6.1')).statusCode).toBe(401);
    expect((await attempt('6.6.6.2')).statusCode).toBe(401);
    expect((await attempt('6.6.6.3')).statusCode).toBe(429);
  });

  it('answers at most the limit of 401s to parallel wrong guesses from one address, the rest 429', async () => {
    const t = await buildTestApp({
      limits: {
        loginFailures: { max: 10, timeWindow: 15 * 60_000 },
        loginFailuresAccount: { max: 100, timeWindow: 3_600_000 },
      },
    });
    const body = registration();
    await register(t, body);
    const attempt = attemptOn(t, body.email);
    const codes = (
      await Promise.all(Array.from({ length: 12 }, () => attempt('wrong-guess', '10.9.9.9')))
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(2);
  });

  it('stops guessing spread over many addresses at the per-account ceiling', async () => {
    const t = await buildTestApp({
      limits: {
        loginFailures: { max: 10, timeWindow: 15 * 60_000 },
        loginFailuresAccount: { max: 6, timeWindow: 3_600_000 },
      },
    });
    const body = registration();
    await register(t, body);
    const attempt = attemptOn(t, body.email);
    for (let i = 0; i < 6; i++) expect((await attempt('wrong-guess', `10.1.0.${i}`)).statusCode).toBe(401);
    const ceiling = await attempt(body.password, '10.1.1.1');
    expect(ceiling.statusCode).toBe(429);
    expect(ceiling.json().error).toBe('Too many failed attempts. Please try again in 60 minutes.');
    // An unknown account is counted the same way, so the answers tell nothing about which accounts exist.
    const ghost = attemptOn(t, 'nobody@example.com');
    for (let i = 0; i < 6; i++) expect((await ghost('wrong-guess', `10.2.0.${i}`)).statusCode).toBe(401);
    expect((await ghost('wrong-guess', '10.2.1.1')).statusCode).toBe(429);
    t.clock.advance(3_600_000 + 1);
    expect((await attempt(body.password, '10.1.1.1')).statusCode).toBe(200);
  });

  it('never refuses the right password from an address or device the owner used in the last 30 days', async () => {
    const t = await buildTestApp({
      limits: {
        loginFailures: { max: 10, timeWindow: 15 * 60_000 },
        loginFailuresAccount: { max: 100, timeWindow: 3_600_000 },
      },
    });
    const body = registration();
    await register(t, body);
    const phone = { 'x-device-id': 'a'.repeat(32) };
    const login = (password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: body.email, password },
        remoteAddress,
        headers,
      });
    expect((await login(body.password, '192.0.2.44', phone)).statusCode).toBe(200);
    t.clock.advance(20 * 86_400_000);

    // 11 addresses guess 12 times each: far past the account's ceiling of 100.
    for (let a = 1; a <= 11; a++) for (let i = 0; i < 12; i++) await login('wrong-guess', `198.51.100.${a}`);
    // From home, and with the phone on a network never seen before: let in.
    expect((await login(body.password, '192.0.2.44')).statusCode).toBe(200);
    expect((await login(body.password, '203.0.113.77', phone)).statusCode).toBe(200);
    // Past the ceiling, anyone else gets the same 429 whether the password is right or not.
    for (const password of [body.password, 'wrong-guess']) {
      const res = await login(password, '203.0.113.200', { 'x-device-id': 'b'.repeat(32) });
      expect([password, res.statusCode]).toEqual([password, 429]);
    }
    expect((await login('wrong-guess', '192.0.2.44')).statusCode).toBe(429);
    // A place last used more than 30 days ago is not known any more.
    t.clock.advance(31 * 86_400_000);
    for (let a = 1; a <= 11; a++) for (let i = 0; i < 12; i++) await login('wrong-guess', `198.51.101.${a}`);
    expect((await login(body.password, '192.0.2.99', phone)).statusCode).toBe(429);
  });

  it('limits sign-in attempts per address across accounts, and a forged X-Forwarded-For does not reset it', async () => {
    const t = await buildTestApp({ limits: { login: { max: 3, timeWindow: 60_000 } } });
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `spray-${i}@example.com`, password: 'Summer2026' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    for (let i = 0; i < 3; i++) expect((await attempt(i)).statusCode).toBe(401);
    const blocked = await attempt(3);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/too many attempts/i);
  });

  it('answers 429 when one address registers too many accounts, as RATE_LIMIT_REGISTER sets', async () => {
    const t = await buildTestApp({ env: { RATE_LIMIT_REGISTER: '3/1m' }, limits: {} });
    for (let i = 0; i < 3; i++) expect((await register(t, registration())).statusCode).toBe(201);
    expect((await register(t, registration())).statusCode).toBe(429);
  });
});

describe('sessions', () => {
  it('GET /me returns the signed-in user; logout revokes the token', async () => {
    const t = await buildTestApp();
    const { token, user } = (await register(t, registration())).json();
    const auth = { authorization: `Bearer ${token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual(user);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('Logged out successfully');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })).statusCode).toBe(
      401,
    );
  });

  it('refuses a missing, malformed, unknown or expired token with 401', async () => {
    const t = await buildTestApp();
    const { token } = (await register(t, registration())).json();
    for (const authorization of ['', 'Bearer', `Basic ${token}`, 'Bearer x', `Bearer ${'a'.repeat(43)}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().error).toBe('Please sign in to continue');
    }
    t.clock.advance(31 * 86_400_000);
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(expired.statusCode).toBe(401);
  });
});
