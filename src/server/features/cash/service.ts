// A member's own cash: what they hold and may withdraw, their payouts, and asking for one.
import type { CashResponse, WithdrawalRequest } from '../../../contract/cash';
import type { Db } from '../../db/client';
import { staffAccount } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { cursorKeys, decodeCursor, type PageAsked, page } from '../../lib/cursor';
import { penceToPounds, toPence } from '../../lib/money';
import { lockUserRow, type UserRow } from '../accounts/repository';
import { spend } from '../earning/moves';
import { staffNotices, tellStaff } from '../notifications/staff-notices';
import { recordStep } from '../payouts/timeline';
import { refreshRisk } from '../risk/signals';
import { present } from './present';
import * as repo from './repository';
import { blockError, settlingCash, stillSettling, withdrawalBlock } from './settlement';
export async function cashOf(db: Db, now: Date, user: UserRow): Promise<CashResponse> {
  const { availablePence, settling } = await settlingCash(db, user.id, user.cashPence, now);
  const block = withdrawalBlock(user, now);
  return {
    cash: penceToPounds(user.cashPence),
    available: penceToPounds(availablePence),
    settling: settling.map((s) => ({
      amount: penceToPounds(s.pence),
      availableAt: s.availableAt.toISOString(),
    })),
    blocked: block && { ...block, until: block.until?.toISOString() ?? null },
  };
}

/** A page of the member's own payouts, newest first. */
export async function withdrawalsOf(db: Db, userId: string, asked: PageAsked) {
  const rows = await repo.withdrawalsOf(
    db,
    userId,
    decodeCursor(asked.cursor, cursorKeys.timeAndId),
    asked.limit + 1,
  );
  const { items, nextCursor } = page(
    rows,
    ({ row, timeline }) => present(row, timeline),
    ({ at, row }) => [at, row.id],
    asked.limit,
  );
  return { withdrawals: items, nextCursor };
}

/**
 * Asks for a payout of settled money (settlement.ts): the amount leaves the
 * cash balance at once (held for the payment), in the same transaction as
 * the request. The member's row is locked first, so two requests can never
 * spend the same pounds and the rules are read as they stand. A balance too
 * small is 'Insufficient balance'; enough cash, but not yet settled, is 409.
 */
export async function requestWithdrawal(db: Db, clock: Clock, userId: string, body: WithdrawalRequest) {
  const now = clock.now();
  const { method, amount, ...details } = body;
  const amountPence = toPence(amount);
  return db.transaction(async (tx) => {
    const user = (await lockUserRow(tx, userId))!;
    if (user.staffRole) throw staffAccount();
    const block = withdrawalBlock(user, now);
    if (block) throw blockError(block);
    const { availablePence, settling } = await settlingCash(tx, userId, user.cashPence, now);
    if (amountPence > availablePence && amountPence <= user.cashPence)
      throw stillSettling(availablePence, settling);
    const row = await repo.insertWithdrawal(tx, { userId, amountPence, method, details, requestedAt: now });
    const asked = await recordStep(tx, row.id, 'pending', now);
    const { balance } = await spend(tx, {
      userId,
      amount: row.amountPence,
      account: 'cash',
      reason: 'withdrawal',
      reference: row.id,
      idempotencyKey: `withdrawal:${row.id}`,
      at: now,
    });
    await tellStaff(
      tx,
      'payouts',
      staffNotices.withdrawal({ id: row.id, amountPence, username: user.username }),
      now,
    );
    // A cashout as soon as the account may is a fraud signal.
    await refreshRisk(tx, userId, now);
    return { withdrawal: present(row, [asked]), cash: penceToPounds(balance) };
  });
}
