import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * Holds a lock on each name until the caller's transaction ends (PostgreSQL's
 * advisory locks, keyed by the name's hash). Names are taken in one order, so
 * two transactions wanting overlapping names never wait on each other in turn.
 */
export async function lockNames(tx: Executor, ...names: string[]) {
  for (const name of [...new Set(names)].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}
