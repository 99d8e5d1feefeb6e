import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/**
 * Holds users' rows until the transaction ends: one check-then-act at a time
 * per user (a task's interval, a day's streak, a spin). The order is always the
 * same, so two transactions never wait on each other in opposite orders: a
 * prize's row first when one is involved, then users in id order, all of them
 * before anything else of theirs is written.
 *
 * FOR NO KEY UPDATE, not FOR UPDATE: a row inserted elsewhere that refers to the
 * user (an entry, a ledger row) key-share-locks the user through its foreign key,
 * which FOR UPDATE waits on and NO KEY UPDATE does not; with FOR UPDATE, two
 * transactions of one member each holding that share lock deadlock. Each row says
 * whether the user is staff, who never play (DESIGN §12).
 */
export function lockUsers(db: Executor, ids: string[]) {
  return db
    .select({ id: users.id, staff: sql<boolean>`${users.staffRole} is not null` })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id)
    .for('no key update');
}

export const lockUser = async (db: Executor, userId: string) => (await lockUsers(db, [userId]))[0];
