import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/**
 * Holds users' rows until the transaction ends: one check-then-act at a time
 * per user (a task's interval, a day's streak, a spin). The order is always the
 * same, so two transactions never wait on each other in opposite orders: a
 * prize's row first when one is involved, then users in id order, all of them
 * before anything else of theirs is written.
 */
export async function lockUsers(db: Executor, ids: string[]) {
  await db.select({ id: users.id }).from(users).where(inArray(users.id, ids)).orderBy(users.id).for('update');
}

export const lockUser = (db: Executor, userId: string) => lockUsers(db, [userId]);
