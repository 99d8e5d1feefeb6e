import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      siteUrl: 'http://localhost:3000',
      scheduler: true,
      sampleData: true,
      logLevel: 'info',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin).toBeUndefined();
    expect(config.approvalThresholds).toEqual({ cashPence: 2000, entries: 1000 });
    expect(loadConfig({ APPROVAL_CASH_POUNDS: '12.50', APPROVAL_ENTRIES: '300' }).approvalThresholds).toEqual(
      {
        cashPence: 1250,
        entries: 300,
      },
    );
  });

  it('reads every variable and treats blank values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/app',
      ADMIN_EMAIL: ' Boss@Example.com',
      ADMIN_PASSWORD: 'long enough',
      SAMPLE_DATA: 'false',
      SCHEDULER: 'off',
      SITE_URL: 'https://win.example.co.uk/',
      REDIS_URL: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/app',
      admin: { email: 'boss@example.com', password: 'long enough' },
      sampleData: false,
      scheduler: false,
      siteUrl: 'https://win.example.co.uk',
      redisUrl: undefined,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'Invalid configuration: PORT must be a port number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be a port number'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must be a postgres:// URL'],
    [{ ADMIN_EMAIL: 'boss@example.com' }, 'Invalid configuration: ADMIN_PASSWORD is required'],
    [
      { ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'long enough' },
      'Invalid configuration: ADMIN_EMAIL must be an email',
    ],
    [{ SAMPLE_DATA: 'maybe' }, 'Invalid configuration: SAMPLE_DATA must be true or false'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL'],
    [
      { RATE_LIMIT_LOGIN: '30 per minute' },
      'Invalid configuration: RATE_LIMIT_LOGIN must be <count>/<window>, such as 20/1h or 30/15m',
    ],
    [{ RATE_LIMIT_REGISTER: '0/1h' }, 'Invalid configuration: RATE_LIMIT_REGISTER must be'],
    [{ GOOGLE_JWKS_URL: 'not a url' }, 'Invalid configuration: GOOGLE_JWKS_URL must be a URL'],
    [{ TRUST_PROXY: 'maybe' }, 'Invalid configuration: TRUST_PROXY must be false, true, a number of proxies'],
    [{ RATE_LIMIT_LOGIN: '10/99999d' }, 'Invalid configuration: RATE_LIMIT_LOGIN must be'],
    [{ APPROVAL_CASH_POUNDS: '0' }, 'Invalid configuration: APPROVAL_CASH_POUNDS must be more than 0'],
    [
      { APPROVAL_CASH_POUNDS: 'twenty' },
      'Invalid configuration: APPROVAL_CASH_POUNDS must be a number of pounds',
    ],
    [{ APPROVAL_ENTRIES: '10.5' }, 'Invalid configuration: APPROVAL_ENTRIES must be a whole number'],
  ])('stops with one clear line for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it('sets each rate limit from RATE_LIMIT_<NAME>, keeping the default for the rest', () => {
    const { rateLimits } = loadConfig({
      RATE_LIMIT_REGISTER: '5/10m',
      RATE_LIMIT_LOGIN_FAILURES_ACCOUNT: '50/1d',
    });
    expect(rateLimits.register).toEqual({ max: 5, timeWindow: 600_000 });
    expect(rateLimits.loginFailuresAccount).toEqual({ max: 50, timeWindow: 86_400_000 });
    expect(rateLimits.login).toEqual({ max: 30, timeWindow: 900_000 });
  });

  it('reads TRUST_PROXY as no proxy, a number of proxies, or their addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });
});
