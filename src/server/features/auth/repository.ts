import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginFailures, sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByReferralCode(db: Executor, code: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.referralCode, code.toUpperCase()));
  return row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function makeAdmin(db: Executor, id: string, passwordHash?: string): Promise<void> {
  await db
    .update(users)
    .set({ isAdmin: true, ...(passwordHash && { passwordHash }) })
    .where(eq(users.id, id));
}

export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function recentLoginFailures(db: Executor, email: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .select({ failures: loginFailures.failures })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.windowStartedAt, windowStart)));
  return row?.failures ?? 0;
}

/** Counts a failure in the current window, or starts a new window when the last one has passed. */
export async function recordLoginFailure(db: Executor, email: string, now: Date, windowStart: Date) {
  await db
    .insert(loginFailures)
    .values({ email, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: {
        failures: sql`case when ${loginFailures.windowStartedAt} > ${windowStart} then ${loginFailures.failures} + 1 else 1 end`,
        windowStartedAt: sql`case when ${loginFailures.windowStartedAt} > ${windowStart} then ${loginFailures.windowStartedAt} else ${now} end`,
      },
    });
}

export async function clearLoginFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function findSessionUser(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
  return row?.user;
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}
