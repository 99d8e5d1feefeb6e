import { describe, expect, it } from 'vitest';
import { registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject, named } from '../../../../tests/helpers/inject';
import { authApi } from '../../../contract/auth';
import { register } from './test-setup';

/** The app with the real limit on one address's failures, and the account-wide one out of the way. */
const appLimitingAddresses = (max: number, env?: Record<string, string>) =>
  buildTestApp({
    env,
    limits: {
      loginFailures: { max, timeWindow: 15 * 60_000 },
      loginFailuresAccount: { max: 100, timeWindow: 3_600_000 },
    },
  });

describe(named(authApi.login), () => {
  const attemptOn = (t: TestApp, email: string) => (password: string, remoteAddress: string) =>
    inject(t, authApi.login, { body: { email, password }, remoteAddress });

  it('locks one address out of one account after repeated failures, not the owner elsewhere, until the window passes', async () => {
    const t = await appLimitingAddresses(5);
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
    const t = await appLimitingAddresses(2, { TRUST_PROXY: 'true' });
    const body = registration();
    await register(t, body);
    const attempt = (forged: string) =>
      inject(t, authApi.login, {
        body: { email: body.email, password: 'wrong-guess' },
        headers: { 'x-forwarded-for': `${forged}, 198.51.100.7` },
      });
    expect((await attempt('6.6.6.1')).statusCode).toBe(401);
    expect((await attempt('6.6.6.2')).statusCode).toBe(401);
    expect((await attempt('6.6.6.3')).statusCode).toBe(429);
  });

  it('answers at most the limit of 401s to parallel wrong guesses from one address, the rest 429', async () => {
    const t = await appLimitingAddresses(10);
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
    const t = await appLimitingAddresses(10);
    const body = registration();
    await register(t, body);
    const phone = { 'x-device-id': 'a'.repeat(32) };
    const login = (password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
      inject(t, authApi.login, { body: { email: body.email, password }, remoteAddress, headers });
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
      inject(t, authApi.login, {
        body: { email: `spray-${i}@example.com`, password: 'Summer2026' },
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
