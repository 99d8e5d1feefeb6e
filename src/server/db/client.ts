import { mkdirSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockFolder } from './folder-lock';
import { tunePglite } from './pglite-tuning';
import { listenOn } from './postgres-listen';
import * as schema from './schema';

/** The PostgreSQL extensions the schema uses, which the embedded database loads: pg_trgm for member search. */
export const pgliteExtensions = { pg_trgm };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

/** The rows of a statement written as SQL, the same on either driver. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The raw connection, for the job queue, which speaks SQL rather than Drizzle. */
  raw: { pglite: PGlite } | { url: string };
  /**
   * Runs fn while holding a cluster-wide lock, so several instances starting at once migrate one at a
   * time. fn is given the connection that holds it, which waits for other locks as long as it takes (a
   * migration may have to wait for a running instance's transaction), unlike the pool's 5 s.
   */
  exclusive<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * Hears every NOTIFY on `channel` as it commits, from any connection or
   * instance. `onGap` is told when some may have been missed (a lost connection
   * to PostgreSQL, re-established). Answers a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  /** Connections held: in use, idle, and requests waiting for one (for /metrics). */
  poolUse(): { inUse: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** PostgreSQL's deadlock and serialisation failures: the transaction did nothing, and running it again is safe. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 5;

export function retryable(err: unknown) {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (RETRYABLE.has((e as { code?: unknown }).code as string)) return true;
  }
  return false;
}

/**
 * Every top-level transaction is retried, a few times with a short random
 * pause, when PostgreSQL aborted it as a deadlock or serialisation failure:
 * the person sees their request succeed rather than a 500.
 */
export function withRetries(db: Db): Db {
  const once = db.transaction.bind(db);
  db.transaction = (async (
    fn: Parameters<Db['transaction']>[0],
    config?: Parameters<Db['transaction']>[1],
  ) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(fn, config);
      } catch (err) {
        if (attempt >= MAX_ATTEMPTS || !retryable(err)) throw err;
        await delay(Math.random() * 20 * attempt);
      }
    }
  }) as Db['transaction'];
  return db;
}

export function fromPglite(client: PGlite, release: () => Promise<void> = async () => {}): Database {
  const db = withRetries(drizzlePglite({ client: tunePglite(client), schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    raw: { pglite: client },
    exclusive: (fn) => fn(db),
    ping: async () => void (await db.execute(sql`select 1`)),
    // One connection: a NOTIFY it commits is heard by its own LISTEN, and nothing is ever missed.
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    // One embedded connection, which PGlite queues on itself.
    poolUse: () => ({ inUse: 0, idle: 1, waiting: 0 }),
    close: async () => {
      if (!client.closed) await client.close();
      await release();
    },
  };
}

/**
 * How long a statement waits for a row or table lock before it gives up: nothing
 * we do holds a lock for longer than a few hundred milliseconds, so a wait this
 * long is a queue that will not clear, and the request answers 503 instead of
 * holding its connection for minutes.
 */
export const LOCK_TIMEOUT_MS = 5_000;

export function fromPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, lock_timeout: LOCK_TIMEOUT_MS });
  // A connection lost while idle in the pool, or while checked out between two queries of a
  // transaction, must not take the process down: the query that needed it fails instead.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = withRetries(drizzlePg({ client: pool, schema }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    raw: { url },
    async exclusive(fn) {
      const client = await pool.connect();
      try {
        // Wait as long as it takes: for another instance migrating, and, migrating, for locks held by
        // transactions of instances still running.
        await client.query('set lock_timeout = 0');
        await client.query('select pg_advisory_lock(727274)');
        return await fn(drizzlePg({ client, schema }) as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => {});
        await client.query('reset lock_timeout').catch(() => {});
        client.release();
      }
    },
    ping: async () => void (await db.execute(sql`select 1`)),
    listen: (channel, onMessage, onGap) => listenOn(url, channel, onMessage, onGap),
    poolUse: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      if (!pool.ending) await pool.end();
    },
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return fromPostgres(opts.databaseUrl);
  mkdirSync(opts.dataDir, { recursive: true });
  const release = await lockFolder(opts.dataDir);
  try {
    return fromPglite(await PGlite.create(opts.dataDir, { extensions: pgliteExtensions }), release);
  } catch (err) {
    await release();
    throw err;
  }
}
