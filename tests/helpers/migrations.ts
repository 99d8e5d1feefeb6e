import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrate';

// What the migrations' tests share: a database brought to just before a migration, filled as it was then.

/** A copy of the migrations folder that stops before the migration named `tag`. */
export function migrationsBefore(tag: string) {
  const dir = mkdtempSync(join(tmpdir(), 'prizedraw-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const stop = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

export const migrateWith = (database: Database, folder: string) =>
  database.kind === 'pglite'
    ? migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder })
    : migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
