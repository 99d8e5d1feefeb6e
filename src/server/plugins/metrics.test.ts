import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../tests/factories';
import { buildTestApp } from '../../../tests/helpers/app';
import { inject } from '../../../tests/helpers/inject';
import { prizesApi } from '../../contract/prizes-api';
import { loadConfig } from '../config';

const TOKEN = 'metrics-token-for-tests';

describe('/metrics', () => {
  it('is served in Prometheus format to the bearer of METRICS_TOKEN only', async () => {
    const t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const prize = await createPrize(t.db, t.clock.now());
    const user = await createUser(t.db, { entries: 10 });
    // The process's metrics count every request it has served, other test files' too: this test's is one more.
    const prizeReads = async () => {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      const line = new RegExp(
        `http_request_duration_seconds_count\\{method="GET",route="${prizesApi.prize.path}",status="200"\\} (\\d+)`,
      );
      return Number(line.exec(res.body)?.[1] ?? 0);
    };
    const before = await prizeReads();
    await inject(t, prizesApi.prize, { params: { id: prize.id } });
    expect(await prizeReads()).toBe(before + 1);
    await inject(t, prizesApi.enter, {
      params: { id: prize.id },
      headers: await authHeader(t.db, user.id),
      body: { entries: 2 },
    });

    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);

    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    // Requests by route pattern (counted above), never by the raw URL with its id.
    expect(res.body).not.toContain(prize.id);
    expect(res.body).toMatch(
      /ledger_operations_total\{account="entries",direction="debit",reason="prize_entry"\} \d+/,
    );
    expect(res.body).toMatch(/db_pool_connections\{state="idle"\} \d+/);
    expect(res.body).toContain('process_resident_memory_bytes');
    expect(res.body).toContain('# TYPE draws_total counter');
    expect(res.body).toContain('# TYPE job_runs_total counter');
  });

  it('does not exist without a token, and is never the web page', async () => {
    const site = mkdtempSync(join(tmpdir(), 'prizedraw-web-'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><div id="root"></div>');
    const t = await buildTestApp({ webRoot: site });
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'Invalid configuration: METRICS_TOKEN must be at least 16 characters',
    );
  });
});
