import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { systemClock } from '../src/server/lib/clock';
import { periodStarts } from '../src/server/lib/london';
import { hashPassword } from '../src/server/lib/passwords';
import { defaultRateLimits, rateLimitVariable } from '../src/server/rate-limits';
import { prepareDatabase } from '../src/server/start-up/prepare';
import { freePort } from '../tests/support/free-port';
import { waitReady } from '../tests/support/wait-ready';

export type DatabaseKind = 'pglite' | 'postgres';
export const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password' };
/**
 * Members who can sign in: they enter the bench prize in the spend scenario,
 * with balances that never run out, and look up their leaderboard positions,
 * from the middle of every period's board.
 */
export const SPENDERS = {
  count: 32,
  password: 'correct horse',
  email: (i: number) => `spender${i}@bench.test`,
  periodEntries: 500,
};
export const BENCH_PRIZE = 'Bench prize';
/** The one-off task the growth and heavy runs' members complete. */
export const BENCH_TASK = 'Bench follow';
/** Signed-in sessions of the first filled members, so lookups can come from many members at once. */
export const MEMBER_SESSIONS = {
  most: 100_000,
  prefix: 'bench-member-',
  token: (i: number) => `${MEMBER_SESSIONS.prefix}${String(i).padStart(8, '0')}`,
};
const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Where a run's database lives: a fresh PGlite folder or a fresh PostgreSQL database, gone after. */
async function freshStore(
  kind: DatabaseKind,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-db-'));
    return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A site worth measuring: the sample prizes, `users` members, thousands of
 * them holding entries in every open prize, and leaderboard totals for all.
 */
async function fill(env: Record<string, string>, users: number) {
  const config = loadConfig({
    ...env,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, config, systemClock);
    const { weekly, monthly, alltime } = periodStarts(new Date());
    const db = database.db;
    await db.execute(sql`insert into users (username, email, referral_code)
      select 'Player ' || g, 'player' || g || '@bench.test', 'BENCH' || g from generate_series(1, ${users}) g`);
    await db.execute(sql`insert into prize_entries (prize_id, user_id, entries, pid)
      select p.id, u.id, 1 + (random() * 20)::int, md5(random()::text || u.id::text)
        from prizes p cross join (select id from users where email like 'player%' order by id limit 5000) u
       where p.status = 'active'`);
    await db.execute(sql`update prizes p set total_entries =
      (select coalesce(sum(entries), 0) from prize_entries e where e.prize_id = p.id)`);
    await db.execute(sql`insert into entry_totals (period, period_start, user_id, entries, updated_at)
      select v.period::leaderboard_period, v.start::date, u.id, 1 + (random() * 1000)::int, now()
        from users u cross join (values ('weekly', ${weekly}), ('monthly', ${monthly}), ('alltime', ${alltime})) v(period, start)`);
    await db.execute(sql`insert into sessions (token_hash, user_id, expires_at, last_used_at)
      select encode(sha256(convert_to(${MEMBER_SESSIONS.prefix} || lpad(g::text, 8, '0'), 'UTF8')), 'hex'),
             u.id, now() + interval '30 days', now()
        from generate_series(1, ${Math.min(users, MEMBER_SESSIONS.most)}) g
        join users u on u.email = 'player' || g || '@bench.test'`);
    const hash = await hashPassword(SPENDERS.password);
    for (let i = 0; i < SPENDERS.count; i++) {
      await db.execute(sql`insert into users (username, email, password_hash, referral_code, available_entries)
        values (${`Spender ${i}`}, ${SPENDERS.email(i)}, ${hash}, ${`SPEND${i}`}, 1000000000)`);
    }
    await db.execute(sql`insert into entry_totals (period, period_start, user_id, entries, updated_at)
      select v.period::leaderboard_period, v.start::date, u.id, ${SPENDERS.periodEntries}, now()
        from users u cross join (values ('weekly', ${weekly}), ('monthly', ${monthly}), ('alltime', ${alltime})) v(period, start)
       where u.email like 'spender%'`);
    await db.execute(sql`insert into prizes
        (title, type, value_pence, start_date, end_date, status, max_entries_per_user, seed, commitment)
      values (${BENCH_PRIZE}, 'cash', 100, now() - interval '1 day', now() + interval '1 year', 'active',
        1000000000, ${randomBytes(32).toString('hex')}, ${randomBytes(32).toString('hex')})`);
    // Statistics and visibility, as autovacuum would have left a site this size, and not running
    // during the measurement: without statistics PostgreSQL plans the leaderboard's top 100 for an
    // empty table and reads all million rows.
    await db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

export interface RunningSite {
  url: string;
  /** The PostgreSQL database the site runs on; none for PGlite, which the site's process owns. */
  databaseUrl?: string;
  /** The server's resident memory now, in MB. */
  rssMb(): number;
  /** The most the server has held since it started or since `resetPeak`, in MB. */
  peakRssMb(): number;
  resetPeak(): void;
  /** Another instance of the site on the same PostgreSQL database, as behind a load balancer. */
  another(): Promise<Instance>;
  /**
   * Runs `work` with the site stopped, on its database's settings (PGlite's folder, which only one
   * process may open), then starts it again at the same address.
   */
  offline<T>(work: (env: Record<string, string>) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

interface Instance {
  url: string;
  rssMb(): number;
  peakRssMb(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

/** The key the bench site's offer wall signs postbacks with. */
export const BENCH_OFFER_SECRET = 'bench-offer-secret';

/** One compiled server process on the store's database. */
async function launch(env: Record<string, string>, port?: number): Promise<Instance> {
  port ??= await freePort();
  // BENCH_PROFILE=<folder> writes the server's CPU profile there when it stops, to see where a goal's time goes.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SCHEDULER: 'false',
      SAMPLE_DATA: 'false',
      OFFERWALL_SECRET: BENCH_OFFER_SECRET,
      ...Object.fromEntries(Object.keys(defaultRateLimits).map((n) => [rateLimitVariable(n), '1000000/1m'])),
      // A scenario's own settings win, its rate limits too.
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  const url = `http://127.0.0.1:${port}`;
  const statusMb = (field: string) => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;
  };
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the site stopped before it was ready (exit ${code})`))),
  );
  try {
    await Promise.race([waitReady(url, 120_000), exited]);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    rssMb: () => statusMb('VmRSS'),
    peakRssMb: () => statusMb('VmHWM'),
    // Linux's clear_refs: 5 sets the process's high-water mark back to what it holds now.
    resetPeak: () => writeFileSync(`/proc/${child.pid}/clear_refs`, '5'),
    stop,
  };
}

/** The compiled server (npm run build) on a filled database of `kind`. */
export async function startSite(
  kind: DatabaseKind,
  opts: { users: number; env?: Record<string, string> },
): Promise<RunningSite> {
  const store = await freshStore(kind);
  const instances: Instance[] = [];
  const stop = async () => {
    for (const instance of instances.splice(0).reverse()) await instance.stop();
    await store.drop();
  };
  try {
    await fill(store.env, opts.users);
    const env = { ...store.env, ...opts.env };
    let first = await launch(env);
    instances.push(first);
    return {
      url: first.url,
      databaseUrl: store.env.DATABASE_URL,
      rssMb: () => first.rssMb(),
      peakRssMb: () => first.peakRssMb(),
      resetPeak: () => first.resetPeak(),
      async offline(work) {
        if (instances.length > 1) throw new Error('only a site of one instance can be taken offline');
        await first.stop();
        instances.pop();
        try {
          return await work(store.env);
        } finally {
          first = await launch(env, Number(new URL(first.url).port));
          instances.push(first);
        }
      },
      async another() {
        if (kind !== 'postgres') throw new Error('only PostgreSQL serves several instances');
        const instance = await launch(env);
        instances.push(instance);
        return instance;
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
