import { and, count, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PasskeyPurpose } from '../../../contract/passkeys';
import { type Executor, rowsOf } from '../../db/client';
import {
  passkeyChallenges,
  passkeys,
  recoveryCodes,
  sessions,
  signInChallenges,
  totpSecrets,
  users,
} from '../../db/schema';

export async function findTotp(db: Executor, userId: string) {
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId));
  return row;
}

/** Whether the account `userId` (a column or a value) has a second factor: an authenticator app, or a passkey. */
export const enrolledSql = (userId: SQL | AnyPgColumn | string) =>
  sql<boolean>`(exists (select 1 from ${totpSecrets} where ${totpSecrets.userId} = ${userId} and ${totpSecrets.confirmedAt} is not null)
    or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId}))`;

/** Whether signing in to the account asks for a second factor. */
export async function hasSecondFactor(db: Executor, userId: string) {
  const [row] = await rowsOf<{ enrolled: boolean }>(db, sql`select ${enrolledSql(userId)} as enrolled`);
  return row!.enrolled;
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

/** No session of the account counts as having given a second factor any more: one of its factors has gone. */
export async function clearSecondFactors(db: Executor, userId: string) {
  await db.update(sessions).set({ secondFactorAt: null }).where(eq(sessions.userId, userId));
}

/** Removes the account's authenticator app (and its recovery codes). */
export async function deleteTotp(db: Executor, userId: string) {
  await db.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await clearSecondFactors(db, userId);
}

/** Removes every second factor of the account (a lost authenticator, reset by an owner or the operator). */
export async function removeSecondFactors(db: Executor, userId: string) {
  await deleteTotp(db, userId);
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
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

export type PasskeyRow = typeof passkeys.$inferSelect;

export const passkeysOf = (db: Executor, userId: string) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);

/** A new passkey; undefined when its credential is already on an account. */
export async function insertPasskey(db: Executor, values: typeof passkeys.$inferInsert) {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deletePasskey(db: Executor, userId: string, id: string) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function findPasskeyByCredential(db: Executor, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/**
 * Records a passkey's use and its authenticator's new counter, if the counter
 * is still what was read: two uses at once cannot both move it on. An
 * authenticator that keeps no counter (always 0) is let through.
 */
export async function recordPasskeyUse(db: Executor, id: string, was: number, now: number, at: Date) {
  if (now <= was && !(now === 0 && was === 0)) return false;
  const rows = await db
    .update(passkeys)
    .set({ counter: now, lastUsedAt: at })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, was)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function insertPasskeyChallenge(db: Executor, values: typeof passkeyChallenges.$inferInsert) {
  const [row] = await db.insert(passkeyChallenges).values(values).returning({ id: passkeyChallenges.id });
  return row!.id;
}

/** Spends an open challenge of this purpose (and account): its challenge once, or nothing. */
export async function spendPasskeyChallenge(
  db: Executor,
  id: string,
  purpose: PasskeyPurpose,
  userId: string | null,
  now: Date,
) {
  const [row] = await db
    .update(passkeyChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(passkeyChallenges.id, id),
        eq(passkeyChallenges.purpose, purpose),
        userId ? eq(passkeyChallenges.userId, userId) : isNull(passkeyChallenges.userId),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return row;
}
