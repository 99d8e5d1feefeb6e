import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';

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

export async function setAdmin(db: Executor, id: string): Promise<void> {
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, id));
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
