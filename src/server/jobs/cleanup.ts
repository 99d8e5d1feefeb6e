import { and, getTableName, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DAY_MS } from '../../contract/constants';
import type { Db } from '../db/client';
import { PERSONAL_DATA } from '../db/personal-data-registry';
import { idempotencyKeys, usedIdTokens } from '../db/schema';
import type { Clock } from '../lib/clock';

/** How long a retry with the same Idempotency-Key gets the same answer (Stripe keeps them as long). */
const IDEMPOTENCY_KEPT_MS = DAY_MS;

/**
 * The daily tidy-up: each member's data past how long db/personal-data-registry.ts
 * keeps it (expired sessions and emailed links, sign-ins after 90 days, stale
 * sign-in failure counts, used video tickets, old sent or failed mail,
 * yesterday's marks of who was active, notifications read half a year ago),
 * and, holding no one's data, spent ID tokens and Idempotency-Keys past a day.
 * Answers how many rows went from each table.
 */
export async function runCleanup(db: Db, clock: Clock) {
  const now = clock.now();
  const deleted: Record<string, number> = {};
  for (const { table, kept } of PERSONAL_DATA) {
    if ('forGood' in kept) continue;
    deleted[getTableName(table)] = await deleteInBatches(db, table, kept.batchKey, kept.expired(now));
  }
  deleted[getTableName(usedIdTokens)] = await deleteInBatches(
    db,
    usedIdTokens,
    usedIdTokens.tokenHash,
    lte(usedIdTokens.expiresAt, now),
  );
  deleted[getTableName(idempotencyKeys)] = await deleteInBatches(
    db,
    idempotencyKeys,
    idempotencyKeys.key,
    lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEPT_MS)),
  );
  return deleted;
}

/** Rows a clean-up statement deletes at most. */
export const CLEANUP_BATCH = 5_000;

/**
 * Deletes what `where` matches, CLEANUP_BATCH rows a statement: on a large
 * site a day's expired sessions or activity marks are hundreds of thousands of
 * rows, which one statement would lock, and return, all at once. `key` picks
 * each batch; it need not be unique, as every row deleted matches `where`.
 */
async function deleteInBatches(db: Db, table: PgTable, key: PgColumn, where: SQL): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = db.select({ key }).from(table).where(where).limit(CLEANUP_BATCH);
    const gone = await db
      .delete(table)
      .where(and(where, inArray(key, batch)))
      .returning({ key });
    deleted += gone.length;
    if (gone.length < CLEANUP_BATCH) return deleted;
  }
}
