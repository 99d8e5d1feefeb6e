import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recoveryCodes, sessions, signInChallenges, totpSecrets, users } from '../../db/schema';

export async function findTotp(db: Executor, userId: string) {
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId));
  return row;
}

/** Whether signing in to the account asks for a second factor. */
export async function hasSecondFactor(db: Executor, userId: string) {
  const [row] = await db
    .select({ userId: totpSecrets.userId })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)));
  return row !== undefined;
}

/** A new secret waiting for its first code, in place of one never confirmed; nothing if one is confirmed. */
export async function putPendingTotp(db: Executor, userId: string, secret: string, now: Date) {
  const rows = await db
    .insert(totpSecrets)
    .values({ userId, secret, createdAt: now })
    .onConflictDoUpdate({
      target: totpSecrets.userId,
      set: { secret, createdAt: now, lastStep: null },
      setWhere: isNull(totpSecrets.confirmedAt),
    })
    .returning({ userId: totpSecrets.userId });
  return rows.length === 1;
}

/**
 * Takes the code's time step as used, if no code at or after it was: one
 * statement, so the same code given twice at once is accepted once.
 */
export async function spendTotpStep(db: Executor, userId: string, step: number) {
  const rows = await db
    .update(totpSecrets)
    .set({ lastStep: step })
    .where(
      and(eq(totpSecrets.userId, userId), or(isNull(totpSecrets.lastStep), lt(totpSecrets.lastStep, step))),
    )
    .returning({ userId: totpSecrets.userId });
  return rows.length === 1;
}

/** Turns the secret on, if nothing else did first: false when another confirmation won. */
export async function confirmTotp(db: Executor, userId: string, now: Date) {
  const rows = await db
    .update(totpSecrets)
    .set({ confirmedAt: now })
    .where(and(eq(totpSecrets.userId, userId), isNull(totpSecrets.confirmedAt)))
    .returning({ userId: totpSecrets.userId });
  return rows.length === 1;
}

/** Removes the account's second factor; no session of theirs counts as having given one any more. */
export async function deleteTotp(db: Executor, userId: string) {
  await db.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.update(sessions).set({ secondFactorAt: null }).where(eq(sessions.userId, userId));
}

export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[], now: Date) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Spends a recovery code, if it is the user's and unused: once, however many ask at once. */
export async function spendRecoveryCode(db: Executor, userId: string, codeHash: string, now: Date) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: Executor, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row!.n;
}

export async function insertChallenge(db: Executor, values: typeof signInChallenges.$inferInsert) {
  await db.insert(signInChallenges).values(values);
}

/** A challenge still waiting for its code, locked until the transaction ends. */
export async function lockOpenChallenge(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
      ),
    )
    .for('update');
  return row;
}

export async function spendChallenge(db: Executor, tokenHash: string, now: Date) {
  await db.update(signInChallenges).set({ usedAt: now }).where(eq(signInChallenges.tokenHash, tokenHash));
}

/** A wrong code against a challenge; answers how many it has had. */
export async function countChallengeFailure(db: Executor, tokenHash: string) {
  const [row] = await db
    .update(signInChallenges)
    .set({ failures: sql`${signInChallenges.failures} + 1` })
    .where(eq(signInChallenges.tokenHash, tokenHash))
    .returning({ failures: signInChallenges.failures });
  return row?.failures ?? 0;
}

/** The session has just given a second factor. */
export async function markSecondFactor(db: Executor, tokenHash: string, now: Date) {
  await db.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

/** The account a challenge still waiting for its code signs in to. */
export async function findOpenChallengeAccount(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: users.id, email: users.email })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
      ),
    );
  return row;
}
