import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { authApi } from '../../src/contract/auth';
import { urlOf } from '../../src/contract/endpoint';
import { LOCK_FILE, LOCK_STALE_MS } from '../../src/server/db/folder-lock';
import { freePort } from '../support/free-port';

/** Every server a test started, stopped after it whatever happened, before its folder is removed. */
const running = new Set<ChildProcess>();
afterEach(async () => {
  await Promise.all(
    [...running].map((child) =>
      child.exitCode === null ? new Promise((r) => child.once('exit', r).kill('SIGKILL')) : undefined,
    ),
  );
  running.clear();
});

/** The real entry point, as `npm start` runs it, in a child process. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * A first start from the sources compiles every module and migrates an empty database: seconds on a
 * quiet machine, more than a minute on a busy one, so the wait is long and ends as soon as it answers.
 */
const READY_WITHIN_MS = 180_000;

async function waitUntilReady(base: string, child: ChildProcess) {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited before it was ready');
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

const dataDir = mkdtempSync(join(tmpdir(), 'prizedraw-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('starting the server', () => {
  // Each start compiles the sources and opens the database, seconds each: one test starts the server
  // twice, and checks between the starts what needs a server running or a folder left behind.
  it(
    'starts on an empty data directory, lets no second process open it, keeps its data across a restart, takes over a stale lock and stops cleanly on SIGTERM',
    async () => {
      const port = String(await freePort());
      const base = `http://127.0.0.1:${port}`;
      const env = { PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir };

      const first = start(env);
      await waitUntilReady(base, first.child);
      const res = await fetch(`${base}${urlOf(authApi.register)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'Keeper',
          email: 'keeper@example.com',
          password: 'secret-pass',
          acceptTerms: true,
        }),
      });
      expect(res.status).toBe(201);

      // One process at a time opens the embedded database; the second is told which folder is in use.
      const second = start({ ...env, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `Could not start: The embedded database in ${dataDir} is in use by another process.`,
      );
      // The first goes on serving, and gives the folder back when it stops.
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

      // A lock left by a process that died (no longer kept fresh) is taken over, and the data is there.
      mkdirSync(join(dataDir, LOCK_FILE));
      const past = new Date(Date.now() - LOCK_STALE_MS - 1_000);
      utimesSync(join(dataDir, LOCK_FILE), past, past);
      const third = start(env);
      await waitUntilReady(base, third.child);
      const login = await fetch(`${base}${urlOf(authApi.login)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'keeper@example.com', password: 'secret-pass' }),
      });
      expect(login.status).toBe(200);
      // The welcome bonus and first_login's 50, kept across the restart.
      expect((await login.json()).user.availableEntries).toBe(10 + 50);
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    },
    3 * READY_WITHIN_MS,
  );

  it('refuses to start on bad configuration with one line naming the variable', async () => {
    const run = start({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    const lines = run
      .output()
      .split('\n')
      .filter((l) => l.trim());
    expect(lines).toEqual(['Invalid configuration: PORT must be a port number']);
  }, 60_000);
});
