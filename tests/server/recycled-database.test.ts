import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../src/server/db/client';
import { credit } from '../../src/server/lib/ledger';
import { createUser } from '../factories';
import { freshDatabase, recycle } from '../helpers/db';

/** Every table's rows and every sequence's position, as one text to compare. */
async function contentsOf(database: Database) {
  const tables = await rowsOf<{ name: string }>(
    database.db,
    sql`select quote_ident(schemaname) || '.' || quote_ident(tablename) as name
          from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const [held] = await rowsOf<{ rows: string }>(
      database.db,
      sql.raw(`select coalesce(string_agg(t::text, E'\\n' order by t::text), '') as rows from ${name} t`),
    );
    parts.push(`${name}\n${held!.rows}`);
  }
  const sequences = await rowsOf<{ s: string }>(
    database.db,
    sql`select sequencename || ':' || coalesce(last_value::text, 'unused') as s from pg_sequences order by 1`,
  );
  return [...parts, ...sequences.map((r) => r.s)].join('\n');
}

/** The same embedded database, or the same database on PostgreSQL. */
const identityOf = (database: Database) =>
  'pglite' in database.raw ? database.raw.pglite : database.raw.url;

describe('a test database given back', () => {
  it('holds exactly what a database made from the template holds, however it was used', async () => {
    const used = await freshDatabase();
    const member = await createUser(used.db, { entries: 50 });
    await credit(used.db, {
      userId: member.id,
      amount: 5,
      reason: 'task',
      idempotencyKey: 'k',
      at: new Date(),
    });
    await used.db.execute(sql`insert into mail_outbox ("to", subject, text) values ('a@b.c', 's', 't')`);
    await used.db.execute(sql`set statement_timeout = 1234`);
    await recycle(used);

    const reused = await freshDatabase();
    // The given-back one is taken: this one is made from the template.
    const made = await freshDatabase();
    try {
      expect(identityOf(reused)).toBe(identityOf(used));
      expect(identityOf(made)).not.toBe(identityOf(used));
      expect(await rowsOf(reused.db, sql`show statement_timeout`)).toEqual([{ statement_timeout: '0' }]);
      expect(await contentsOf(reused)).toBe(await contentsOf(made));
    } finally {
      await recycle(reused);
      await made.close();
    }
  });

  it('is not given out again when a test changed its schema', async () => {
    const used = await freshDatabase();
    await used.db.execute(sql`create table left_behind (id int)`);
    await recycle(used);
    const next = await freshDatabase();
    expect(identityOf(next)).not.toBe(identityOf(used));
    await next.close();
  });
});
