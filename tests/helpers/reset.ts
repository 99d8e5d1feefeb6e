/**
 * Puts a test database back as the migrated template was, so the next test
 * can use it instead of making another (tests/helpers/db.ts). Every table is
 * emptied and refilled with what the migrations put in it, and every sequence
 * set back. A test that changed the schema itself (a table, a trigger, a
 * function) leaves a database that is not given out again.
 */

/** What both kinds of connection can do: PGlite, and a client of PostgreSQL. */
export interface Sql {
  query<T>(text: string): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

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

async function fingerprintOf(client: Sql) {
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return rows[0]!.fingerprint;
}

/** Reads what the template holds; called on a database no test has used yet. */
export async function learnTemplate(client: Sql) {
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
      // Triggers (the append-only ledger and audit log) and foreign keys stay out of it.
      'set session_replication_role = replica',
      // Deleted, not truncated: truncating gives every table and index new files, which took about 200 ms a
      // test on PostgreSQL, against 30 ms; the tables hold a test's few rows.
      ...tables.map((t) => `delete from ${t.name}`),
      ...refills,
      ...setvals,
      'reset session_replication_role',
    ].join(';\n'),
  };
}

/** True when the database is as the template was; false when it cannot be (its schema was changed). */
export async function restoreTemplate(client: Sql): Promise<boolean> {
  if (!template) return false;
  try {
    if ((await fingerprintOf(client)) !== template.fingerprint) return false;
    await client.exec(template.restore);
    return true;
  } catch {
    return false;
  }
}
