/**
 * The browser suite's sites, started together: their past (e2e-history.ts) is written once and copied
 * to each site's data folder, then every site starts at once. Playwright starts its web servers one
 * after another, and each site writing its own past took a quarter of a minute a site.
 *
 *   E2E_SITES='[{"port":3100,"env":{…}}, …]' node --import tsx tests/support/e2e-sites.ts <ready port>
 *
 * Once every site answers /readyz, `http://127.0.0.1:<ready port>/` answers 200, which is what
 * Playwright waits for; if a site stops, so does this, and the suite with it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { waitReady } from './wait-ready';

interface SiteToStart {
  port: number;
  env: Record<string, string>;
}

const sites: SiteToStart[] = JSON.parse(process.env.E2E_SITES ?? '[]');
const readyPort = Number(process.argv[2]);
/** Three servers starting on two cores beside the rest of a CI run: seconds alone, longer on a busy machine. */
const READY_WITHIN_MS = 120_000;

const past = `.e2e-db-past-${readyPort}`;
rmSync(past, { recursive: true, force: true });
execFileSync(process.execPath, ['--import', 'tsx', 'tests/support/e2e-history.ts', past], {
  stdio: 'inherit',
});

const children: ChildProcess[] = sites.map(({ port, env }) => {
  rmSync(env.DATA_DIR!, { recursive: true, force: true });
  cpSync(past, env.DATA_DIR!, { recursive: true });
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    console.error(`the e2e site on port ${port} stopped (${signal ?? code})`);
    stop(1);
  });
  return child;
});

function stop(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

await Promise.all(sites.map(({ port }) => waitReady(`http://127.0.0.1:${port}`, READY_WITHIN_MS)));
createServer((_request, response) => response.end('ready')).listen(readyPort, '127.0.0.1');
