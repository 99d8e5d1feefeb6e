import { execFile as execFileCb } from 'node:child_process';
import { promisify } from 'node:util';
import { alternate } from '../measure';
import type { Line } from '../report';

const execFile = promisify(execFileCb);

async function run(mode: 'hmac' | 'draw', participants: number) {
  const { stdout } = await execFile(
    process.execPath,
    ['--import', 'tsx', 'bench/draw-worker.ts', mode, String(participants)],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { ms: number; maxRssMb: number };
}

/** The server's draw of many participants against a bare HMAC loop over as many (goal: ≤ 1.5×, ≤ 600 MB). */
export async function drawScenario(opts: {
  participants: number;
  rounds: number;
  command: string;
}): Promise<Line[]> {
  let peak = 0;
  const r = await alternate(
    opts.rounds,
    async () => (await run('hmac', opts.participants)).ms,
    async () => {
      const { ms, maxRssMb } = await run('draw', opts.participants);
      peak = Math.max(peak, maxRssMb);
      return ms;
    },
  );
  const n = opts.participants.toLocaleString('en-GB');
  const ratio = r.subject / r.baseline;
  return [
    {
      goal: `server draw of ${n} participants ≤ 1.5× a bare loop of ${n} HMAC-SHA256`,
      baseline: `${Math.round(r.baseline)} ms`,
      measured: `${Math.round(r.subject)} ms`,
      ratio,
      pass: ratio <= 1.5,
      command: opts.command,
    },
    {
      goal: `server draw of ${n} participants: peak memory ≤ 600 MB`,
      baseline: '600 MB',
      measured: `${Math.round(peak)} MB`,
      ratio: peak / 600,
      pass: peak <= 600,
      command: opts.command,
    },
  ];
}
