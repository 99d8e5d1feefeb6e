import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** The `address` of the per-account count, across every address. */
export const ANY_ADDRESS = '*';

/** One of an account's counters (an address, ANY_ADDRESS, a session), and where its current window would start now. */
export interface Counter {
  address: string;
  windowStart: Date;
}

/**
 * Counts one attempt on each of the account's `counters` in its current window, or starts a new
 * window where the last has passed, and answers each count by address: one statement, so parallel
 * attempts each see their own number, and one wait for the database however many counters.
 */
export async function countLoginAttempts(db: Executor, email: string, counters: Counter[], now: Date) {
  const windowStart = sql.join(
    counters.map((c) => sql`when ${c.address} then ${c.windowStart}::timestamptz`),
    sql` `,
  );
  const current = sql`${loginFailures.windowStartedAt} > (case ${loginFailures.address} ${windowStart} end)`;
  const rows = await db
    .insert(loginFailures)
    .values(counters.map((c) => ({ email, address: c.address, failures: 1, windowStartedAt: now })))
    .onConflictDoUpdate({
      target: [loginFailures.email, loginFailures.address],
      set: {
        failures: sql`case when ${current} then ${loginFailures.failures} + 1 else 1 end`,
        windowStartedAt: sql`case when ${current} then ${loginFailures.windowStartedAt} else ${now} end`,
      },
    })
    .returning({ address: loginFailures.address, failures: loginFailures.failures });
  return new Map(rows.map((r) => [r.address, r.failures]));
}

/** A right password or code: these counters start again, and the account-wide count gives back `returned` attempts. */
export async function forgiveLoginAttempts(
  db: Executor,
  email: string,
  addresses: string[],
  returned: number,
) {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, email), inArray(loginFailures.address, addresses)));
  if (returned === 0) return;
  await db
    .update(loginFailures)
    .set({ failures: sql`greatest(${loginFailures.failures} - ${returned}, 0)` })
    .where(and(eq(loginFailures.email, email), eq(loginFailures.address, ANY_ADDRESS)));
}

/** Every counter of the account starts again (a new password, a second factor reset). */
export async function clearLoginFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
