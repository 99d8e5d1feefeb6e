/**
 * Runs a command against a PostgreSQL database made for this run and dropped after:
 *   tsx scripts/with-fresh-postgres.ts vitest run
 * The server is POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const server = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `prizedraw_test_${Date.now().toString(36)}_${process.pid}`;
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx scripts/with-fresh-postgres.ts <command> [args...]');
  process.exit(2);
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main() {
  await admin(`create database "${name}"`);
  let status = 1;
  try {
    const url = new URL(server);
    url.pathname = `/${name}`;
    console.log(`Using a fresh PostgreSQL database: ${name}`);
    const run = spawnSync(command!, args, {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url.href },
    });
    status = run.status ?? 1;
  } finally {
    // Test databases made from this one as a template are dropped by the tests themselves; catch any left behind.
    const leftovers = new pg.Client({ connectionString: server });
    await leftovers.connect();
    const { rows } = await leftovers.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${name}%`],
    );
    await leftovers.end();
    for (const { datname } of rows) await admin(`drop database if exists "${datname}" with (force)`);
  }
  process.exit(status);
}

main().catch((err) => {
  console.error(`Could not use PostgreSQL at ${server}: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
