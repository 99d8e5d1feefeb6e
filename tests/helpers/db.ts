import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, fromPglite, fromPostgres, pgliteExtensions } from '../../src/server/db/client';
import { learnTemplate, restoreTemplate, type Sql } from './reset';

let template: Blob | undefined;
/**
 * A database a finished test gave back, already as the template was: an embedded one, or the name of one on
 * PostgreSQL. Making a database for every test took about half of what most server tests cost: starting an
 * embedded one about 650 ms, and on a busy PostgreSQL copying the template and dropping the copy about 500 ms.
 */
let spare: PGlite | string | undefined;

/** A fresh, migrated database of its own for one test: PGlite by default, PostgreSQL when DATABASE_URL is set. */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) return freshPostgres(url);
  let client = typeof spare === 'object' ? spare : undefined;
  spare = undefined;
  if (!client) {
    client = await PGlite.create({ loadDataDir: await pgliteTemplate(), extensions: pgliteExtensions });
    await learnTemplate(client);
  }
  return fromPglite(client);
}

async function pgliteTemplate() {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return template;
}

/**
 * Closes a test's database; an embedded one is first put back as the template
 * was, and kept for the next test of this worker (PostgreSQL's close does the same).
 */
export async function recycle(database: Database) {
  const client = 'pglite' in database.raw ? database.raw.pglite : undefined;
  if (!client || client.closed || spare || !(await restoreEmbedded(client))) return database.close();
  spare = client;
}

async function restoreEmbedded(client: PGlite) {
  try {
    // Listeners are the client's as well as the server's: a later test must not hear an earlier one's.
    const { rows } = await client.query<{ channel: string }>('select pg_listening_channels() as channel');
    for (const { channel } of rows) await client.unlisten(channel);
    // Settings, prepared statements, advisory locks and temporary tables (it cannot share a transaction).
    await client.exec('discard all');
  } catch {
    return false;
  }
  return restoreTemplate(client);
}

/** An empty database with no migrations applied, for tests of the migrations themselves. */
export async function emptyDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) return freshPostgres(url, 'template0');
  return fromPglite(await PGlite.create({ extensions: pgliteExtensions }));
}

const urlOf = (url: string, name: string) => {
  const at = new URL(url);
  at.pathname = `/${name}`;
  return at.href;
};

async function freshPostgres(url: string, from?: string): Promise<Database> {
  const templateName = new URL(url).pathname.slice(1);
  const admin = urlOf(url, 'postgres');
  let name = !from && typeof spare === 'string' ? spare : undefined;
  if (name) spare = undefined;
  else {
    name = `${templateName}_t${randomBytes(6).toString('hex')}`;
    await withClient(admin, (c) => c.query(`create database "${name}" template "${from ?? templateName}"`));
    if (!from) await withClient(urlOf(url, name), (c) => learnTemplate(sqlOf(c)));
  }
  const made = name;
  const database = fromPostgres(urlOf(url, made));
  return {
    ...database,
    async close() {
      await database.close();
      if (!from && !spare && (await restorePostgres(urlOf(url, made)))) spare = made;
      else await withClient(admin, (c) => c.query(`drop database if exists "${made}" with (force)`));
    },
  };
}

/** Ends what the test left connected (other instances, listeners, the job queue), then restores the tables. */
const restorePostgres = (url: string) =>
  withClient(url, async (c) => {
    await c.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return restoreTemplate(sqlOf(c));
  }).catch(() => false);

const sqlOf = (client: pg.Client): Sql => ({
  query: async <T>(text: string) => ({ rows: (await client.query(text)).rows as T[] }),
  exec: (text) => client.query(text),
});

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
