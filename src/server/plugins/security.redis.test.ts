import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/helpers/app';
import { inject } from '../../../tests/helpers/inject';
import { authApi } from '../../contract/auth';

describe('rate limits with REDIS_URL', () => {
  it('are counted across instances, so a second server does not reset an attacker’s budget', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL! };
    const limits = { login: { max: 3, timeWindow: 60_000 } };
    const one = await buildTestApp({ env, limits });
    const two = await buildTestApp({ env, limits });
    // Redis outlives the test run: an address of our own keeps earlier runs' counts out of it.
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    const attempt = (t: typeof one) =>
      inject(t, authApi.login, {
        body: { email: 'nobody@example.com', password: 'guess-guess' },
        remoteAddress,
      });

    expect((await attempt(one)).statusCode).toBe(401);
    expect((await attempt(two)).statusCode).toBe(401);
    expect((await attempt(one)).statusCode).toBe(401);
    expect((await attempt(two)).statusCode).toBe(429);
    expect((await attempt(one)).statusCode).toBe(429);
  });
});
