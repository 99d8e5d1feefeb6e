import type { AdminWithdrawal, CashResponse, Withdrawal, WithdrawalRequest } from '../../../contract/cash';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { balanceOf, credit, debit } from '../../lib/ledger';
import { toPence } from '../../lib/money';
import * as repo from './repository';

const present = (w: repo.WithdrawalRow): Withdrawal => ({
  _id: w.id,
  amount: w.amountPence / 100,
  method: w.method,
  status: w.status,
  requestedAt: w.requestedAt.toISOString(),
  settledAt: w.settledAt?.toISOString() ?? null,
});

const presentForAdmin = ({
  withdrawal,
  user,
}: {
  withdrawal: repo.WithdrawalRow;
  user: { id: string; username: string; email: string };
}): AdminWithdrawal => ({
  ...present(withdrawal),
  user: { _id: user.id, username: user.username, email: user.email },
  details: withdrawal.details,
});

export async function cashOf(db: Db, userId: string): Promise<CashResponse> {
  const [cash, withdrawals, history] = await Promise.all([
    balanceOf(db, userId, 'cash'),
    repo.withdrawalsOf(db, userId),
    repo.cashHistory(db, userId),
  ]);
  return {
    cash: cash / 100,
    withdrawals: withdrawals.map(present),
    history: history.map((h) => ({ amount: h.amount / 100, reason: h.reason, at: h.at.toISOString() })),
  };
}

/**
 * Asks for a payout: the amount leaves the cash balance at once (held for the
 * payment), in the same transaction as the request, so two requests can never
 * spend the same pounds. A balance too small is 'Insufficient balance'.
 */
export async function requestWithdrawal(db: Db, clock: Clock, userId: string, body: WithdrawalRequest) {
  const now = clock.now();
  const { method, amount, ...details } = body;
  return db.transaction(async (tx) => {
    const row = await repo.insertWithdrawal(tx, {
      userId,
      amountPence: toPence(amount),
      method,
      details,
      requestedAt: now,
    });
    const { balance } = await debit(tx, {
      userId,
      amount: row.amountPence,
      account: 'cash',
      reason: 'withdrawal',
      reference: row.id,
      idempotencyKey: `withdrawal:${row.id}`,
      at: now,
    });
    return { withdrawal: present(row), cash: balance / 100 };
  });
}

export async function adminWithdrawals(db: Db, status: repo.WithdrawalRow['status']) {
  return (await repo.withdrawalsIn(db, status)).map(presentForAdmin);
}

/**
 * Marks a pending request paid, or rejects it and returns the money to the
 * balance; either happens once, whoever presses first.
 */
export async function settleWithdrawal(
  db: Db,
  clock: Clock,
  id: string,
  outcome: 'paid' | 'rejected',
  adminId: string,
) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const settled = await repo.settle(tx, id, { status: outcome, settledAt: now, settledBy: adminId });
    if (!settled) {
      const existing = await repo.findWithdrawal(tx, id);
      if (!existing) throw notFound('Withdrawal not found');
      throw conflict(`This withdrawal was already marked ${existing.status}`, 'already_settled');
    }
    if (outcome === 'rejected') {
      await credit(tx, {
        userId: settled.userId,
        amount: settled.amountPence,
        account: 'cash',
        reason: 'withdrawal_returned',
        reference: id,
        idempotencyKey: `withdrawal-returned:${id}`,
        at: now,
      });
    }
    return presentForAdmin((await repo.withdrawalWithUser(tx, id))!);
  });
}
