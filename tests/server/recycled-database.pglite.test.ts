import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { pgliteExtensions, rowsOf } from '../../src/server/db/client';
import { credit } from '../../src/server/lib/ledger';
import { createUser } from '../factories';
import { freshDatabase, recycle } from '../helpers/db';

/** Every table's rows and every sequence's position, as one text to compare. */
async function contentsOf(client: PGlite) {
  const { rows: tables } = await client.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name
       from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await client.query<{ rows: string }>(
      `select coalesce(string_agg(t::text, E'\\n' order by t::text), '') as rows from ${name} t`,
    );
    parts.push(`${name}\n${rows[0]!.rows}`);
  }
  const { rows: sequences } = await client.query<{ s: string }>(
    `select sequencename || ':' || coalesce(last_value::text, 'unused') as s from pg_sequences order by 1`,
  );
  return [...parts, ...sequences.map((r) => r.s)].join('\n');
}

const pgliteOf = (database: Awaited<ReturnType<typeof freshDatabase>>) =>
  'pglite' in database.raw ? database.raw.pglite : undefined;

describe('an embedded test database given back', () => {
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
    const made = await PGlite.create({
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
      extensions: pgliteExtensions,
    });
    try {
      expect(pgliteOf(reused)).toBe(pgliteOf(used));
      expect(await rowsOf(reused.db, sql`show statement_timeout`)).toEqual([{ statement_timeout: '0' }]);
      expect(await contentsOf(pgliteOf(reused)!)).toBe(await contentsOf(made));
    } finally {
      await reused.close();
      await made.close();
    }
  });

  it('is not given out again when a test changed its schema', async () => {
    const used = await freshDatabase();
    await used.db.execute(sql`create table left_behind (id int)`);
    await recycle(used);
    const next = await freshDatabase();
    expect(pgliteOf(next)).not.toBe(pgliteOf(used));
    await next.close();
  });
});
