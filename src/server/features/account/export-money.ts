import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { leaderboardPayouts, ledgerEntries, offerTransactions, withdrawals } from '../../db/schema';
import type { StreamedField } from '../../lib/json-stream';
import { paged } from './export-paging';
import type { Person } from './repository';

/** The data download's parts about money: the ledger, offers credited, payouts asked for, leaderboard prizes. */
export function moneyExport(db: Executor, user: Person) {
  const ledgerOrder = [ledgerEntries.account, ledgerEntries.createdAt, ledgerEntries.id];
  const payoutOrder = [withdrawals.requestedAt, withdrawals.id];
  return {
    // Each balance in turn, oldest first, along the member's own ledger index.
    ledger: () =>
      paged(ledgerOrder, ({ key }, from, take) =>
        db
          .select({
            key,
            account: ledgerEntries.account,
            amount: ledgerEntries.amount,
            reason: ledgerEntries.reason,
            reference: ledgerEntries.reference,
            createdAt: ledgerEntries.createdAt,
          })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.userId, user.id), from(ledgerOrder)))
          .orderBy(...ledgerOrder.map((c) => asc(c)))
          .limit(take),
      ),
    offers: () =>
      db
        .select({
          transactionId: offerTransactions.transactionId,
          amount: offerTransactions.amount,
          status: offerTransactions.status,
          createdAt: offerTransactions.createdAt,
          reversedAt: offerTransactions.reversedAt,
        })
        .from(offerTransactions)
        .where(eq(offerTransactions.userId, user.id)),
    withdrawals: () =>
      paged(payoutOrder, ({ key }, from, take) =>
        db
          .select({
            key,
            amountPence: withdrawals.amountPence,
            method: withdrawals.method,
            details: withdrawals.details,
            status: withdrawals.status,
            requestedAt: withdrawals.requestedAt,
            settledAt: withdrawals.settledAt,
          })
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, user.id), from(payoutOrder)))
          .orderBy(...payoutOrder.map((c) => asc(c)))
          .limit(take),
      ),
    leaderboardPrizes: () =>
      db
        .select({
          weekStart: leaderboardPayouts.weekStart,
          rank: leaderboardPayouts.rank,
          amountPence: leaderboardPayouts.amountPence,
          paidAt: leaderboardPayouts.paidAt,
        })
        .from(leaderboardPayouts)
        .where(eq(leaderboardPayouts.userId, user.id)),
  } satisfies Record<string, StreamedField>;
}
