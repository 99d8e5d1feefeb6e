import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgres, pgliteExtensions } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates once per run. On PGlite the migrated data directory is dumped to a
 * file every test database is loaded from; with DATABASE_URL that database is
 * migrated and each test database is created from it as a template.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const database = fromPostgres(url);
    await migrate(database);
    await database.close();
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'prizedraw-test-'));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = fromPglite(client);
  await migrate(database);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
