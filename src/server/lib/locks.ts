import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/**
 * Holds the user's row until the transaction ends: one check-then-act at a time
 * per user (a task's interval, a day's streak, a spin). Anything that takes
 * other locks as well takes this one first, so two transactions never wait on
 * each other in opposite orders.
 */
export async function lockUser(db: Executor, userId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
