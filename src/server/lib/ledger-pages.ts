import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { ledgerEntries } from '../db/schema';
import { afterKey, exactTime } from './cursor';

/** Reading a member's ledger back in pages, newest first: their own history, and an admin's view of it. */

export type LedgerEntry = typeof ledgerEntries.$inferSelect;

/** A page of one account of a member's ledger, newest first (ledger_entries_user_account_idx). */
export function ledgerPage(
  db: Executor,
  userId: string,
  account: 'entries' | 'cash',
  from: readonly [string, string] | undefined,
  take: number,
) {
  return db
    .select({ row: ledgerEntries, at: exactTime(ledgerEntries.createdAt) })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.account, account),
        afterKey([ledgerEntries.createdAt, ledgerEntries.id], from),
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(take);
}

/**
 * What the rows from `from` on (that row and every newer one: the pages before) moved the account
 * by: the balance after the next row down is the balance now less this.
 */
export async function movedSince(
  db: Executor,
  userId: string,
  account: 'entries' | 'cash',
  from: readonly [string, string],
) {
  const [row] = await db
    .select({ moved: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.account, account),
        sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) >= (${from[0]}, ${from[1]})`,
      ),
    );
  return Number(row!.moved);
}
