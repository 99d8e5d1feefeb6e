import { execFile as execFileCb } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { fromPostgres } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { prizes } from '../../src/server/db/schema';
import { fillSnapshot } from '../../src/server/features/prizes/snapshot';
import { alternate } from '../measure';
import type { Line } from '../report';

const execFile = promisify(execFileCb);
const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL database of the run's own with the site's schema and one closed
 * prize held by `participants` members (pids of 32 hex digits, as the site
 * makes them), its snapshot frozen by the server's own code; all untimed.
 */
async function snapshotDatabase(participants: number) {
  const name = `bench_draw_${randomBytes(6).toString('hex')}`;
  await admin(`create database "${name}"`);
  const drop = () => admin(`drop database if exists "${name}" with (force)`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = fromPostgres(url.href);
  try {
    await migrate(database);
    const { rows } = (await database.db.execute(sql`
      insert into prizes (title, type, value_pence, start_date, end_date, status)
      values ('Bench draw', 'cash', 10000, now() - interval '8 days', now() - interval '1 hour', 'ready_to_draw')
      returning id`)) as unknown as { rows: Array<{ id: string }> };
    const prizeId = rows[0]!.id;
    const salt = randomBytes(8).toString('hex');
    await database.db.execute(sql`
      insert into users (username, email, referral_code)
      select 'Member ' || i, 'member-' || i || '@bench.invalid', 'B' || i from generate_series(1, ${participants}) as i`);
    await database.db.execute(sql`
      insert into prize_entries (prize_id, user_id, entries, pid)
      select ${prizeId}, id, 1 + (hashtext(id::text) & 1023) % 50, md5(${salt} || id) from users`);
    // Frozen as the server freezes a prize whose entries have closed.
    await database.db.transaction(async (tx) => {
      const now = new Date();
      const hash = await fillSnapshot(tx, prizeId, now);
      await tx.update(prizes).set({ snapshotHash: hash, snapshotAt: now }).where(eq(prizes.id, prizeId));
    });
    return { url: url.href, prizeId, drop };
  } catch (err) {
    await drop();
    throw err;
  } finally {
    await database.close();
  }
}

async function run(mode: 'hmac' | 'draw', url: string, prizeId: string) {
  const { stdout } = await execFile(
    process.execPath,
    ['--import', 'tsx', 'bench/draw-worker.ts', mode, url, prizeId],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { ms: number; maxRssMb: number };
}

/**
 * The server's draw of many participants, read from PostgreSQL in pages as the
 * server reads them, against a bare HMAC loop over the same ids held in memory
 * (goal: ≤ 1.5×, ≤ 600 MB).
 */
export async function drawScenario(opts: {
  participants: number;
  rounds: number;
  command: string;
}): Promise<Line[]> {
  const store = await snapshotDatabase(opts.participants);
  let peak = 0;
  let r: { baseline: number; subject: number };
  try {
    r = await alternate(
      opts.rounds,
      async () => (await run('hmac', store.url, store.prizeId)).ms,
      async () => {
        const { ms, maxRssMb } = await run('draw', store.url, store.prizeId);
        peak = Math.max(peak, maxRssMb);
        return ms;
      },
    );
  } finally {
    await store.drop();
  }
  const n = opts.participants.toLocaleString('en-GB');
  const ratio = r.subject / r.baseline;
  return [
    {
      goal: `server draw of ${n} participants, read from PostgreSQL in pages, ≤ 1.5× a bare loop of ${n} HMAC-SHA256`,
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
