import { execFile as execFileCb } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../support/free-port';

const execFile = promisify(execFileCb);

/** The machine's PostgreSQL programs: PG_BIN, else pg_config's, else Debian's newest. */
async function binDir(): Promise<string> {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  try {
    return (await execFile('pg_config', ['--bindir'])).stdout.trim();
  } catch {
    const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
    if (!versions.length) throw new Error('PostgreSQL’s programs were not found: set PG_BIN');
    return `/usr/lib/postgresql/${versions.at(-1)}/bin`;
  }
}

/**
 * A PostgreSQL server of the run's own, in a temporary folder on a free port,
 * so stopping and restarting it disturbs nothing else on the machine. PostgreSQL
 * refuses to run as root, so as root its programs run as the postgres user.
 */
export async function startPostgres() {
  const bin = await binDir();
  const dir = mkdtempSync(join(tmpdir(), 'faults-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = async (flag: string) => Number((await execFile('id', [flag, 'postgres'])).stdout.trim());
    chownSync(dir, await id('-u'), await id('-g'));
  }
  const run = (program: string, args: string[]) =>
    asRoot
      ? execFile('runuser', ['-u', 'postgres', '--', join(bin, program), ...args])
      : execFile(join(bin, program), args);

  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', 'start']);
  const stop = async () => {
    await run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    await start();
    await run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'faults']);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url: `postgres://postgres@127.0.0.1:${port}/faults`,
    /** Stops at once, as a crash would (recovery replays the log), then starts again. */
    async restart(pauseMs: number) {
      const downAt = Date.now();
      await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      await start();
      return { downAt, upAt: Date.now() };
    },
    stop,
  };
}
