import { describe, expect, it } from 'vitest';
import { registration } from '../../../tests/factories';
import { buildTestApp } from '../../../tests/helpers/app';

describe('rate limits with REDIS_URL', () => {
  it('are counted across instances, so a second server does not reset an attacker’s budget', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const limits = { login: { max: 3, timeWindow: 60_000 } };
    const one = await buildTestApp({ env, limits });
    const two = await buildTestApp({ env, limits });
    const { email } = registration();
    const attempt = (t: typeof one) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'guess-guess' } });

    expect((await attempt(one)).statusCode).toBe(401);
    expect((await attempt(two)).statusCode).toBe(401);
    expect((await attempt(one)).statusCode).toBe(401);
    expect((await attempt(two)).statusCode).toBe(429);
    expect((await attempt(one)).statusCode).toBe(429);
  });
});
