import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../tests/helpers/app';

function fakeSite() {
  const dir = mkdtempSync(join(tmpdir(), 'prizedraw-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
  return dir;
}

describe('the app shell', () => {
  it('answers /healthz and /readyz while the database is up, and /readyz 503 once it is gone', async () => {
    const t = await buildTestApp();
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ok' });
    await t.database.close();
    const down = await t.app.inject('/readyz');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable' });
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const t = await buildTestApp({ webRoot: fakeSite() });
    for (const url of ['/api/nope', '/api', '/api/auth/nope?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().error).toMatch(/no such path/i);
    }
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/me' })).statusCode).toBe(404);
  });

  it('answers a malformed URL with a JSON 400 in the usual shape', async () => {
    const t = await buildTestApp();
    const res = await t.app.inject('/api/prizes/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
  });

  it('serves index.html for client routes and real files as they are', async () => {
    const t = await buildTestApp({ webRoot: fakeSite() });
    for (const url of ['/', '/prizes/123', '/dashboard?tab=1', '/no-such-page']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await t.app.inject('/robots.txt')).body).toBe('User-agent: *');
    expect((await t.app.inject('/missing.js')).statusCode).toBe(404);
  });

  it('sends a strict content security policy with no inline script', async () => {
    const t = await buildTestApp({ webRoot: fakeSite() });
    const res = await t.app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes OpenAPI generated from the contract at /api/docs', async () => {
    const t = await buildTestApp();
    const spec = (await t.app.inject('/api/docs/json')).json();
    expect(spec.openapi).toMatch(/^3\./);
    const register = spec.paths['/api/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['username', 'email', 'password', 'acceptTerms']),
    );
    expect((await t.app.inject('/api/docs')).statusCode).toBe(200);
  });
});
