import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';

/** The session a stream was opened with: the stream ends when it does. */
export async function sessionOfToken(db: Executor, token: string) {
  const [session] = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return session;
}

/** A member's balances as they stand, for a stream's first frame. */
export async function balancesOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ available: users.availableEntries, total: users.totalEntries, cash: users.cashPence })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
