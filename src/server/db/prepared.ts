import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * A query that runs on most requests, built by Drizzle once per database
 * rather than every time, and prepared by name on each PostgreSQL connection:
 * building a session lookup took Drizzle about 200 µs of CPU, three times
 * what sending it and reading its row take. The query is written with
 * `sql.placeholder`s and given its values when it runs. Inside a transaction,
 * whose connection is its own, it is built there as before.
 */
export function preparedOnce<Q>(build: (db: Executor) => Q): (db: Executor) => Q {
  const built = new WeakMap<Executor, Q>();
  return (db) => {
    if (db instanceof PgTransaction) return build(db);
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
