import { and, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { PERSONAL_DATA } from '../../db/personal-data-registry';
import { sessions, users, wins, withdrawals } from '../../db/schema';

/** A member's sessions and the erasure of their personal data; their data download is personal-data-export.ts. */

export function sessionsOf(db: Executor, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt));
}

/** Ends one of the user's own sessions; false when they have none with that id. */
export async function deleteSessionById(db: Executor, userId: string, id: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** What stops an account being deleted yet: money on its way out, or a prize on its way in. */
export async function unfinishedBusiness(db: Executor, userId: string, deliveriesSince: Date) {
  const [pending] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')))
    .limit(1);
  const [delivery] = await db
    .select({ prizeId: wins.prizeId })
    .from(wins)
    .where(and(eq(wins.userId, userId), gt(wins.claimedAt, deliveriesSince)))
    .limit(1);
  return { pendingWithdrawal: Boolean(pending), prizeOnItsWay: Boolean(delivery) };
}

/**
 * Erases what identifies a person. The row stays, with its balances, so the
 * ledger still adds up and past draws still check; everything that names,
 * reaches or pays the person goes, as db/personal-data-registry.ts says for each table.
 */
export async function erasePersonalData(db: Executor, user: Person, now: Date) {
  await db
    .update(users)
    .set({
      username: 'Deleted member',
      // Not an email address, so no one can sign up with it and block the row.
      email: `deleted:${user.id}`,
      passwordHash: null,
      emailVerifiedAt: null,
      googleSub: null,
      appleSub: null,
      breakUntil: null,
      breakForGood: false,
      deletedAt: now,
    })
    .where(eq(users.id, user.id));
  for (const { table, by, erased } of PERSONAL_DATA) {
    if (typeof erased === 'object' && 'kept' in erased) continue;
    // Anyone can write to us or be written to under any address: only a verified one is surely this person's.
    if (by.key === 'verified email' && !user.emailVerifiedAt) continue;
    const theirs = eq(by.column, by.key === 'id' ? user.id : user.email);
    if (erased === 'deleted') await db.delete(table).where(theirs);
    else await db.update(table).set(erased.blanked).where(theirs);
  }
}

export type Person = { id: string; email: string; emailVerifiedAt: Date | null };
