import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../src/server/db/client';
import { freshDatabase, recycle } from '../helpers/db';

const urlOf = (database: Database) => ('url' in database.raw ? database.raw.url : '');

describe('a PostgreSQL test database given back', () => {
  it('is given back with what the test left connected ended', async () => {
    const used = await freshDatabase();
    const url = urlOf(used);
    const left = new pg.Client({ connectionString: url });
    await left.connect();
    left.on('error', () => {});
    await left.query('listen left_behind');
    await left.query('begin');
    await left.query(`insert into mail_outbox ("to", subject, text) values ('a@b.c', 's', 't')`);
    await recycle(used);

    const reused = await freshDatabase();
    try {
      expect(urlOf(reused)).toBe(url);
      expect(await rowsOf(reused.db, sql`select count(*)::int as n from mail_outbox`)).toEqual([{ n: 0 }]);
      expect(
        await rowsOf(
          reused.db,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        ),
      ).toEqual([{ n: 0 }]);
    } finally {
      await recycle(reused);
      await left.end().catch(() => {});
    }
  });
});
