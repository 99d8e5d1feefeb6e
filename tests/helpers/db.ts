import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, fromPglite, fromPostgres, pgliteExtensions } from '../../src/server/db/client';
import { learnTemplate, resetToTemplate } from './reset';

let template: Blob | undefined;
/** An embedded database a finished test gave back, already as the template was (recycle). */
let spare: PGlite | undefined;

/** A fresh, migrated database of its own for one test: PGlite by default, PostgreSQL when DATABASE_URL is set. */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) return freshPostgres(url);
  let client = spare;
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
 * was, and kept for the next test of this file: starting an embedded database
 * takes about 650 ms, which was half of what most server tests cost.
 */
export async function recycle(database: Database) {
  const client = 'pglite' in database.raw ? database.raw.pglite : undefined;
  if (!client || client.closed || spare || !(await resetToTemplate(client))) return database.close();
  spare = client;
}

/** An empty database with no migrations applied, for tests of the migrations themselves. */
export async function emptyDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) return freshPostgres(url, 'template0');
  return fromPglite(await PGlite.create({ extensions: pgliteExtensions }));
}

async function freshPostgres(url: string, template?: string): Promise<Database> {
  const base = new URL(url);
  const templateName = base.pathname.slice(1);
  const name = `${templateName}_t${randomBytes(6).toString('hex')}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  await withClient(admin.href, (c) =>
    c.query(`create database "${name}" template "${template ?? templateName}"`),
  );
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = fromPostgres(target.href);
  return {
    ...database,
    async close() {
      await database.close();
      await withClient(admin.href, (c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
