import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { users, withdrawals } from '../../db/schema';
import { afterKey, exactTime } from '../../lib/cursor';
import { timelineColumn } from '../payouts/timeline';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** A page of the user's payouts, newest first, after `key` (the last row's time and id), along their own index. */
export const withdrawalsOf = (
  db: Executor,
  userId: string,
  key: readonly [string, string] | undefined,
  take: number,
) =>
  db
    // What the member is shown only: the payout details stay unread.
    .select({
      row: {
        id: withdrawals.id,
        amountPence: withdrawals.amountPence,
        method: withdrawals.method,
        status: withdrawals.status,
        requestedAt: withdrawals.requestedAt,
        settledAt: withdrawals.settledAt,
        provider: withdrawals.provider,
        failureReason: withdrawals.failureReason,
        prizeId: withdrawals.prizeId,
      },
      at: exactTime(withdrawals.requestedAt),
      timeline: timelineColumn(withdrawals.id),
    })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), afterKey([withdrawals.requestedAt, withdrawals.id], key)))
    .orderBy(desc(withdrawals.requestedAt), desc(withdrawals.id))
    .limit(take);

export async function insertWithdrawal(db: Executor, values: typeof withdrawals.$inferInsert) {
  const [row] = await db.insert(withdrawals).values(values).returning();
  return row!;
}

const settler = alias(users, 'settler');
const withUser = {
  withdrawal: withdrawals,
  user: {
    id: users.id,
    username: users.username,
    email: users.email,
    cashPence: users.cashPence,
    suspendedAt: users.suspendedAt,
    suspendedUntil: users.suspendedUntil,
    cashoutsHeldAt: users.cashoutsHeldAt,
  },
  settler: { id: settler.id, username: settler.username },
};

/**
 * A page of the requests in one state (or all), with who asked: pending ones
 * oldest first (the order to pay them in), settled ones newest first.
 */
export function withdrawalsIn(
  db: Executor,
  status: WithdrawalRow['status'] | undefined,
  from: readonly [string, string] | undefined,
  take: number,
  order: 'asc' | 'desc' = status === 'pending' ? 'asc' : 'desc',
) {
  const by = order === 'asc' ? asc : desc;
  return db
    .select({ ...withUser, at: exactTime(withdrawals.requestedAt) })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(settler, eq(settler.id, withdrawals.settledBy))
    .where(
      and(
        status ? eq(withdrawals.status, status) : undefined,
        afterKey([withdrawals.requestedAt, withdrawals.id], from, order),
      ),
    )
    .orderBy(by(withdrawals.requestedAt), by(withdrawals.id))
    .limit(take);
}

export async function findWithdrawal(db: Executor, id: string) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

export async function withdrawalWithUser(db: Executor, id: string) {
  const [row] = await db
    .select(withUser)
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(settler, eq(settler.id, withdrawals.settledBy))
    .where(eq(withdrawals.id, id));
  return row;
}

export type WithdrawalWithUser = NonNullable<Awaited<ReturnType<typeof withdrawalWithUser>>>;
