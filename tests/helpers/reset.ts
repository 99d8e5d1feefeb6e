import type { PGlite } from '@electric-sql/pglite';

/**
 * Puts an embedded test database back as the migrated template was, so the
 * next test can use it instead of starting another (tests/helpers/db.ts).
 * Every table is emptied and refilled with what the migrations put in it,
 * every sequence set back, and the session's state discarded. A test that
 * changed the schema itself (a table, a trigger, a function) leaves a
 * database that is not given out again.
 */

const userSchemas = `n.nspname not in ('pg_catalog', 'information_schema')
  and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;

/** What a test could change that emptying the tables does not put back. */
const FINGERPRINT = `select md5(coalesce(string_agg(x, ',' order by x), '')) as fingerprint from (
  select n.nspname || '.' || c.relname || ':' || c.relkind::text as x
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${userSchemas}
  union all select t.tgname || ':' || t.tgenabled::text from pg_trigger t where not t.tgisinternal
  union all select p.proname || ':' || md5(p.prosrc)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${userSchemas}
  union all select c.conname || ':' || c.convalidated
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${userSchemas}
) s`;

interface Template {
  fingerprint: string;
  /** Empties every table, refills what the migrations filled, and sets every sequence back. */
  restore: string;
}

let template: Template | undefined;

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function fingerprintOf(client: PGlite) {
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return rows[0]!.fingerprint;
}

/** Reads what the template holds; called on a database no test has used yet. */
export async function learnTemplate(client: PGlite) {
  if (template) return;
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name,
            array_agg(quote_ident(a.attname) order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind in ('r', 'p') and ${userSchemas} and n.nspname <> 'drizzle'
      group by n.nspname, c.relname`,
  );
  const refills: string[] = [];
  for (const { name, columns } of tables) {
    const { rows } = await client.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from ${name} t`,
    );
    const held = rows[0]?.rows;
    if (!held) continue;
    const list = columns.join(', ');
    refills.push(
      `insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${literal(held)})`,
    );
  }
  // A sequence never used yet has no last value: it is set back to start there, unused.
  const { rows: sequences } = await client.query<{ name: string; value: string; called: boolean }>(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
            coalesce(last_value, start_value)::text as value, last_value is not null as called
       from pg_sequences where schemaname <> 'drizzle'`,
  );
  const setvals = sequences.map(
    ({ name, value, called }) => `select setval(${literal(name)}, ${value}, ${called})`,
  );
  template = {
    fingerprint: await fingerprintOf(client),
    restore: [
      // Triggers (the append-only ledger and audit log, their TRUNCATE guards) and foreign keys stay out of it.
      'set session_replication_role = replica',
      `truncate table ${tables.map((t) => t.name).join(', ')}`,
      ...refills,
      ...setvals,
      'reset session_replication_role',
    ].join(';\n'),
  };
}

/** True when the database is as the template was; false when it cannot be (its schema was changed). */
export async function resetToTemplate(client: PGlite): Promise<boolean> {
  if (!template) return false;
  try {
    // Listeners are the client's as well as the server's: a later test must not hear an earlier one's.
    const { rows } = await client.query<{ channel: string }>('select pg_listening_channels() as channel');
    for (const { channel } of rows) await client.unlisten(channel);
    // Settings, prepared statements, advisory locks and temporary tables (it cannot share a transaction).
    await client.exec('discard all');
    if ((await fingerprintOf(client)) !== template.fingerprint) return false;
    await client.exec(template.restore);
    return true;
  } catch {
    return false;
  }
}
