import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { freePort } from '../support/free-port';
import { waitReady } from '../support/wait-ready';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One real server process (src/server/main.ts) on a port of its own, restartable on the same port. */
export class Instance {
  private child?: ChildProcess;
  readonly url: string;

  private constructor(
    readonly name: string,
    private readonly port: number,
    private readonly env: Record<string, string>,
    private readonly logFile: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async create(name: string, env: Record<string, string>, logFile: string) {
    return new Instance(name, await freePort(), env, logFile);
  }

  async start() {
    const log = createWriteStream(this.logFile, { flags: 'a' });
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.pipe(log);
    this.child.stderr!.pipe(log);
    return waitReady(this.url, 60_000);
  }

  /** Gone at once, with whatever it was doing: no shutdown, no goodbye. */
  kill() {
    this.child?.kill('SIGKILL');
  }

  async stop() {
    if (!this.child || this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child!.once('exit', resolve));
    this.child.kill('SIGTERM');
    await Promise.race([exited, sleep(5000)]);
    this.child.kill('SIGKILL');
  }
}
