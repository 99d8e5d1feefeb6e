import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../tests/helpers/db';
import type { Database } from './client';
import { migrationsFolder } from './migrate';
import { prizes, tasks } from './schema';

/** A copy of the migrations folder that stops before the migration named `tag`. */
function migrationsBefore(tag: string) {
  const dir = mkdtempSync(join(tmpdir(), 'prizedraw-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const stop = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const migrateWith = (database: Database, folder: string) =>
  database.kind === 'pglite'
    ? migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder })
    : migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });

let open: Database | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('migrations', () => {
  it('turn prize and task kinds into enums, keeping old rows: gift_card becomes giftcard, a missing ad length 30 s', async () => {
    open = await emptyDatabase();
    const { db } = open;
    await migrateWith(open, migrationsBefore('0009_enums_and_inbox'));
    await db.execute(sql`
      insert into prizes (title, type, value_pence, start_date, end_date, status)
      values ('Old gift card', 'gift_card', 10000, now(), now() + interval '7 days', 'active')`);
    await db.execute(sql`
      insert into tasks (type, platform, title, entries_reward, ad_duration)
      values ('watch_video_ad', 'admob', 'Old video', 2, null)`);

    await migrateWith(open, migrationsFolder);

    const [prize] = await db.select().from(prizes);
    expect(prize).toMatchObject({ type: 'giftcard', status: 'active' });
    const [task] = await db.select().from(tasks);
    expect(task).toMatchObject({ type: 'watch_video_ad', adDuration: 30 });
    // The database itself now refuses a kind the contract does not know.
    await expect(db.execute(sql`update prizes set type = 'car'`)).rejects.toThrow();
    await expect(db.execute(sql`update prizes set status = 'paused'`)).rejects.toThrow();
  });
});
