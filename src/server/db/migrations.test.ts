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
import { drawParticipants, prizeEntries, prizes, tasks, wins } from './schema';

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

  it('give every existing holder a pseudonym, and keep past winners named in their proofs as before', async () => {
    open = await emptyDatabase();
    const { db } = open;
    await migrateWith(open, migrationsBefore('0013_pseudonyms_and_frozen_snapshots'));
    const user = (
      (await db.execute(sql`
        insert into users (username, email, referral_code) values ('Ann', 'ann@example.com', 'ANN12345') returning id`)) as unknown as {
        rows: Array<{ id: string }>;
      }
    ).rows[0]!;
    const prize = (
      (await db.execute(sql`
        insert into prizes (title, type, value_pence, start_date, end_date, status, drawn_at)
        values ('PS5', 'electronics', 47999, now(), now(), 'drawn', now()) returning id`)) as unknown as {
        rows: Array<{ id: string }>;
      }
    ).rows[0]!;
    await db.execute(
      sql`insert into prize_entries (prize_id, user_id, entries) values (${prize.id}, ${user.id}, 3)`,
    );
    await db.execute(
      sql`insert into wins (prize_id, user_id, position, drawn_at) values (${prize.id}, ${user.id}, 1, now())`,
    );
    const upcoming = (
      (await db.execute(sql`
        insert into prizes (title, type, value_pence, start_date, end_date, status)
        values ('Cash', 'cash', 10000, now(), now() + interval '7 days', 'active') returning id`)) as unknown as {
        rows: Array<{ id: string }>;
      }
    ).rows[0]!;
    await db.execute(
      sql`insert into prize_entries (prize_id, user_id, entries) values (${upcoming.id}, ${user.id}, 1)`,
    );

    await migrateWith(open, migrationsFolder);

    const entries = await db.select().from(prizeEntries);
    // A new pseudonym where the prize is still to be drawn; the proof's own name where it was drawn.
    expect(entries.find((e) => e.prizeId === upcoming.id)!.pid).toMatch(/^[0-9a-f]{32}$/);
    expect(entries.find((e) => e.prizeId === prize.id)!.pid).toBe(user.id);
    const [win] = await db.select().from(wins);
    expect(win!.pid).toBe(user.id);
    const [drawn] = await db.select().from(prizes).where(sql`id = ${prize.id}`);
    expect(drawn!.snapshotAt).toEqual(drawn!.drawnAt);
  });

  it('move frozen snapshots out of the prize row into a row per participant, as they were', async () => {
    open = await emptyDatabase();
    const { db } = open;
    await migrateWith(open, migrationsBefore('0015_draw_participants_table'));
    const frozen = [
      { _id: 'B1', username: 'Z**ë', entries: 3 },
      { _id: 'a-2', username: '😀**😀', entries: 1 },
    ];
    const insertPrize = async (participants: unknown) =>
      (
        (await db.execute(sql`
          insert into prizes (title, type, value_pence, start_date, end_date, status, draw_participants)
          values ('PS5', 'electronics', 47999, now(), now(), 'drawn', ${participants}::jsonb) returning id`)) as unknown as {
          rows: Array<{ id: string }>;
        }
      ).rows[0]!.id;
    const drawn = await insertPrize(JSON.stringify(frozen));
    const undrawn = await insertPrize(null);

    await migrateWith(open, migrationsFolder);

    const rows = await db.select().from(drawParticipants);
    expect(rows.sort((a, b) => (a.pid < b.pid ? -1 : 1))).toEqual(
      frozen.map((p) => ({ prizeId: drawn, pid: p._id, username: p.username, entries: p.entries })),
    );
    expect(rows.some((r) => r.prizeId === undrawn)).toBe(false);
    const columns = (await db.execute(sql`
      select column_name from information_schema.columns where table_name = 'prizes'`)) as unknown as {
      rows: Array<{ column_name: string }>;
    };
    expect(columns.rows.map((c) => c.column_name)).not.toContain('draw_participants');
  });
});
