import { and, eq, gte, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { LEADERBOARD_PERIODS } from '../../contract/gamification-rules';
import type { LedgerAccount } from '../../contract/members';
import type { LedgerReason } from '../../contract/operator-rules';
import { type Executor, rowsOf } from '../db/client';
import { entryTotals, ledgerEntries, users } from '../db/schema';
import { AppError, notFound } from './app-error';
import { insertLedgerRowCounted } from './daily-totals';
import { periodStarts } from './london';
import { ledgerOperations } from './metrics';

/**
 * The only way a balance changes. Each change appends one ledger row and moves
 * the cached balance on users in the same transaction; the row's idempotency
 * key makes a repeated change (a retry, a replayed callback) a no-op. Entries
 * earned also move the user's leaderboard totals for the week, the month and
 * all time, in that same transaction: another cache of the ledger; so do the
 * analytics' daily totals (lib/daily-totals.ts), and the database announces
 * the new balance to the member's open pages (migration 0018). Only
 * features/earning imports it (the lint's money-has-one-door rule): its earn,
 * spend, refund, reverse and adjust do what follows each move.
 */

export type Account = LedgerAccount;

export interface LedgerChange {
  userId: string;
  /** Entries, or pence for cash. Positive. */
  amount: number;
  /** Why, from the one list the history and the analytics read (LEDGER_REASONS). */
  reason: LedgerReason;
  idempotencyKey: string;
  /** When it happened, from the app's clock: it dates the ledger row and picks the leaderboard periods. */
  at: Date;
  reference?: string;
  account?: Account;
}

export interface LedgerResult {
  /** False when this idempotency key was already applied; nothing changed this time. */
  applied: boolean;
  balance: number;
}

const balanceColumn = (account: Account) =>
  account === 'entries' ? users.availableEntries : users.cashPence;

export class InsufficientBalanceError extends AppError {
  constructor(account: Account) {
    super(
      400,
      account === 'entries' ? 'Insufficient entries' : 'Insufficient balance',
      'insufficient_balance',
    );
  }
}

/** A user's available entries, or cash in pence. */
export async function balanceOf(db: Executor, userId: string, account: Account = 'entries') {
  const [row] = await db
    .select({ balance: balanceColumn(account) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.balance ?? 0;
}

/**
 * Adds to a balance. `earned: false` (a refund, say) leaves totalEntries, the
 * lifetime sum of entries earned, where it is. `ranked: false` (a staff
 * correction) counts as earned but leaves the leaderboards, which pay cash,
 * and experience, which unlocks levels and achievements, where they are: both
 * are for what members did themselves (DESIGN §16).
 */
export function credit(
  db: Executor,
  change: LedgerChange & { earned?: boolean; ranked?: boolean },
): Promise<LedgerResult> {
  return apply(db, change, +1, change.earned ?? true, false, undefined, change.ranked ?? true);
}

/**
 * Takes from a balance, refusing with 'Insufficient entries' when it would go
 * below zero, unless `allowNegative` (a reversal of something already credited).
 * `reverses` names when the entries being taken back were earned: they stop
 * counting as earned, in the lifetime total, experience and that time's leaderboard periods.
 */
export function debit(
  db: Executor,
  change: LedgerChange & { allowNegative?: boolean; reverses?: Date },
): Promise<LedgerResult> {
  return apply(db, change, -1, false, change.allowNegative ?? false, change.reverses);
}

async function apply(
  db: Executor,
  change: LedgerChange,
  sign: 1 | -1,
  earned: boolean,
  allowNegative: boolean,
  reverses?: Date,
  ranked = true,
): Promise<LedgerResult> {
  const { userId, amount, reason, idempotencyKey, reference, at } = change;
  const account = change.account ?? 'entries';
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`ledger amount must be a positive integer, got ${amount}`);
  const balance = balanceColumn(account);
  const set =
    account === 'entries'
      ? {
          availableEntries: sql`${users.availableEntries} + ${sign * amount}`,
          ...(earned && { totalEntries: sql`${users.totalEntries} + ${amount}` }),
          ...(earned && ranked && { experience: sql`${users.experience} + ${amount}` }),
          ...(reverses && {
            totalEntries: sql`greatest(${users.totalEntries} - ${amount}, 0)`,
            experience: sql`greatest(${users.experience} - ${amount}, 0)`,
          }),
        }
      : { cashPence: sql`${users.cashPence} + ${sign * amount}` };
  const guarded = sign < 0 && !allowNegative;
  const earnsTotals = account === 'entries' && sign > 0 && earned && ranked;
  // Giving a guarded debit back (below) restores the balance alone.
  if (guarded && reverses) throw new Error('a debit that reverses earnings must allow a negative balance');

  const run = async (tx: Executor): Promise<LedgerResult> => {
    // A guarded debit moves the balance first, so a refusal comes before anything is written;
    // every other change can only fail on a missing user, which the ledger row's insert finds first.
    // So a refusal writes nothing, any other failure ends the caller's transaction, and no
    // savepoint is needed around the change.
    const moveBalance = async () => {
      // Earned entries move their period totals inside the balance's statement, as a CTE: a credit
      // with its totals then takes as many round trips as one without.
      const [row] = await (earnsTotals ? tx.with(periodTotalsUpsert(tx, userId, amount, at)) : tx)
        .update(users)
        .set(set)
        .where(and(eq(users.id, userId), guarded ? gte(balance, amount) : undefined))
        .returning({ balance });
      return row;
    };
    /** The answer for a key applied before, or undefined when it is new. */
    const appliedBefore = async (): Promise<LedgerResult | undefined> => {
      const [earlier] = await tx
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.idempotencyKey, idempotencyKey));
      if (!earlier) return undefined;
      // The same key for a different change is a bug in the caller, never something to paper over.
      if (earlier.userId !== userId || earlier.account !== account || earlier.amount !== sign * amount) {
        throw new Error(`ledger idempotency key ${idempotencyKey} reused for a different change`);
      }
      const [row] = await tx.select({ balance }).from(users).where(eq(users.id, userId));
      return { applied: false, balance: row?.balance ?? 0 };
    };

    const moved = guarded ? await moveBalance() : undefined;
    if (guarded && !moved) {
      // A repeat of a debit already applied is answered as one, even when the balance is lower now.
      const before = await appliedBefore();
      if (before) return before;
      if (!(await tx.select({ id: users.id }).from(users).where(eq(users.id, userId))).length)
        throw notFound('User not found');
      throw new InsufficientBalanceError(account);
    }

    // The row and, if it is new, its day's analytics totals, in one statement (lib/daily-totals.ts).
    const inserted = await rowsOf<{ id: string }>(
      tx,
      insertLedgerRowCounted({
        userId,
        account,
        amount: sign * amount,
        reason,
        reference,
        idempotencyKey,
        at,
      }),
    );

    if (inserted.length === 0) {
      // Applied before, or no such member: a guarded debit gives back what it just took (it moved nothing else).
      if (moved)
        await tx
          .update(users)
          .set({ [account === 'entries' ? 'availableEntries' : 'cashPence']: sql`${balance} + ${amount}` })
          .where(eq(users.id, userId));
      const before = await appliedBefore();
      if (!before) throw notFound('User not found');
      return before;
    }

    const row = moved ?? (await moveBalance());
    if (!row) throw notFound('User not found');
    ledgerOperations.inc({ account, direction: sign > 0 ? 'credit' : 'debit', reason });
    if (account === 'entries' && reverses) await takeFromPeriodTotals(tx, userId, amount, reverses);
    return { applied: true, balance: row.balance };
  };
  // Inside the caller's transaction the change is part of it; on its own it gets one.
  return db instanceof PgTransaction ? run(db) : db.transaction(run);
}

/**
 * Adds earned entries to the week's, the month's and all time's totals: a CTE for the balance's update.
 * Written as SQL rather than with Drizzle's insert builder, which took about 110 µs of CPU to build
 * these three rows with their conflict clause on every earned credit, whose other work takes about 350.
 */
function periodTotalsUpsert(tx: Executor, userId: string, amount: number, at: Date) {
  const starts = periodStarts(at);
  const periods = LEADERBOARD_PERIODS.map(
    (period) => sql`(${period}::leaderboard_period, ${starts[period]}::date)`,
  );
  const upsert = sql`insert into entry_totals (period, period_start, user_id, entries, updated_at)
    select p.period, p.period_start, ${userId}, ${amount}, ${at.toISOString()}
      from (values ${sql.join(periods, sql`, `)}) as p(period, period_start)
    on conflict (user_id, period, period_start)
    do update set entries = entry_totals.entries + excluded.entries, updated_at = excluded.updated_at`;
  return tx.$with('period_totals', {}).as(upsert);
}

/** Undoes what a reversed credit added to the periods it was earned in. */
async function takeFromPeriodTotals(tx: Executor, userId: string, amount: number, earnedAt: Date) {
  const starts = periodStarts(earnedAt);
  for (const period of LEADERBOARD_PERIODS) {
    await tx
      .update(entryTotals)
      .set({ entries: sql`greatest(${entryTotals.entries} - ${amount}, 0)` })
      .where(
        and(
          eq(entryTotals.period, period),
          eq(entryTotals.periodStart, starts[period]),
          eq(entryTotals.userId, userId),
        ),
      );
  }
}
