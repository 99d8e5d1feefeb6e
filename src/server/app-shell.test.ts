import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../tests/helpers/app';
import { apiPath, inject, rawInject } from '../../tests/helpers/inject';
import { DOCS_PATH, operationOf, servedDescription } from '../../tests/helpers/openapi';
import { freePort } from '../../tests/support/free-port';
import { authApi } from '../contract/auth';
import { urlOf } from '../contract/endpoint';
import { prizesApi } from '../contract/prizes-api';
import { buildApp } from './app';
import { loadConfig } from './config';
import { fromPostgres } from './db/client';

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

  it('answers 503, asking to try again, while PostgreSQL cannot be reached', async () => {
    const port = await freePort();
    const database = fromPostgres(`postgres://postgres@127.0.0.1:${port}/away`);
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false });
    try {
      const res = await inject({ app }, prizesApi.list);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: 'We cannot reach our database for a moment. Please try again shortly.',
        code: 'unavailable',
      });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('answers unknown paths under the API’s root with a JSON 404', async () => {
    const t = await buildTestApp({ webRoot: fakeSite() });
    for (const url of [apiPath('/nope'), apiPath(''), apiPath('/auth/nope?x=1')]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().error).toMatch(/no such path/i);
    }
    expect((await rawInject(t, authApi.me, { method: 'DELETE' })).statusCode).toBe(404);
  });

  it('sends the build’s compressed copies to clients that take them, and never a source map', async () => {
    const site = fakeSite();
    const script = 'console.log("hello");'.repeat(100);
    mkdirSync(join(site, 'assets'));
    writeFileSync(join(site, 'assets/app-1a2b.js'), script);
    writeFileSync(join(site, 'assets/app-1a2b.js.br'), brotliCompressSync(script));
    writeFileSync(join(site, 'assets/app-1a2b.js.gz'), gzipSync(script));
    writeFileSync(join(site, 'assets/app-1a2b.js.map'), '{"version":3}');
    writeFileSync(join(site, 'index.html.br'), brotliCompressSync('<!doctype html><div id="root"></div>'));
    const t = await buildTestApp({ webRoot: site });

    const br = await t.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((await t.app.inject('/assets/app-1a2b.js')).body).toBe(script);
    const page = await t.app.inject({ url: '/prizes', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');

    expect((await t.app.inject('/assets/app-1a2b.js.map')).statusCode).toBe(404);
  });

  it('answers a malformed URL with a JSON 400 in the usual shape', async () => {
    const t = await buildTestApp();
    const res = await rawInject(t, prizesApi.prize, { params: { id: '%E0%A4%A' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
  });

  it('serves index.html for client routes and real files as they are', async () => {
    const t = await buildTestApp({ webRoot: fakeSite() });
    for (const [url, status] of [
      ['/', 200],
      ['/prizes/0f0e0d0c-0b0a-4908-8706-050403020100', 200],
      ['/dashboard?tab=1', 200],
      ['/admin/users/0f0e0d0c-0b0a-4908-8706-050403020100', 200],
      // No page of the app: the app still comes, to show its Not Found page, with 404.
      ['/no-such-page', 404],
      ['/prizes/123/more', 404],
      // A sample prize's key is no prize's address (DESIGN §13).
      ['/prizes/sample-cash-500', 404],
    ] as const) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(status);
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
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    // The web app's files carry them too, and an unknown page gets the app itself.
    for (const url of ['/robots.txt', '/no-such-page']) {
      expect((await t.app.inject(url)).headers['content-security-policy'], url).toBe(csp);
    }
    // Every API answer, an error as much as a read, carries those that govern a response that is
    // not a page: never sniffed, framed, read by another origin or fetched over plain HTTP.
    for (const url of [apiPath('/nope'), urlOf(prizesApi.list), '/healthz']) {
      const api = await t.app.inject(url);
      expect(api.headers, url).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': res.headers['strict-transport-security'],
      });
    }
  });

  it('publishes OpenAPI generated from the contract beside the API', async () => {
    const t = await buildTestApp();
    const spec = await servedDescription(t);
    expect(spec.openapi).toMatch(/^3\./);
    const register = operationOf(spec, authApi.register);
    expect(register?.requestBody?.content?.['application/json']?.schema?.required).toEqual(
      expect.arrayContaining(['username', 'email', 'password', 'acceptTerms']),
    );
    expect((await t.app.inject(DOCS_PATH)).statusCode).toBe(200);
  });
});
