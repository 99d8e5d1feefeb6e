import { and, eq, gt, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { accountTokens, sessions, signIns, usedIdTokens, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The user's row, locked until the transaction ends (see lib/locks.ts for the order rule). */
export async function lockUserRow(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('no key update');
  return row;
}

/** The accounts among `ids` (the ones that exist). */
export const findUsersByIds = (db: Executor, ids: string[]) =>
  ids.length ? db.select().from(users).where(inArray(users.id, ids)) : Promise.resolve([]);

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export type SocialProvider = 'google' | 'apple';
const subColumn = (provider: SocialProvider) => (provider === 'google' ? users.googleSub : users.appleSub);

export async function findUserBySub(db: Executor, provider: SocialProvider, sub: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(subColumn(provider), sub));
  return row;
}

export async function updateUser(db: Executor, id: string, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function findUserByReferralCode(db: Executor, code: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.referralCode, code.toUpperCase()));
  return row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Ends the user's sessions, all of them or all but the one whose token hash is `keep`. */
export async function deleteUserSessions(db: Executor, userId: string, keep?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.tokenHash, keep) : undefined));
}

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** Every signed-in request looks its session up: the query is built once (db/prepared.ts). */
const sessionByHash = preparedOnce((db) =>
  db
    .select({
      user: users,
      lastUsedAt: sessions.lastUsedAt,
      secondFactorAt: sessions.secondFactorAt,
      signedInAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_by_hash'),
);

export async function findSession(db: Executor, tokenHash: string, now: Date) {
  const [row] = await sessionByHash(db).execute({ tokenHash, now });
  return row;
}

/** Where a sign-up or sign-in came from, for the fraud signals. */
export async function recordSignIn(db: Executor, values: typeof signIns.$inferInsert) {
  await db.insert(signIns).values(values);
}

/** Where a sign-in comes from: its network (an address, or an IPv6 /64) and the browser's device id, if any. */
export interface Place {
  network: string;
  deviceId?: string | null;
}

/** Whether the account `userId` (a column or a value) signed in from this network or device since `since`, as SQL. */
const signedInFromSql = (userId: AnyPgColumn | string, from: Place, since: Date) =>
  sql<boolean>`exists (select 1 from ${signIns} where ${and(
    eq(signIns.userId, userId),
    gt(signIns.at, since),
    from.deviceId
      ? or(eq(signIns.network, from.network), eq(signIns.deviceId, from.deviceId))
      : eq(signIns.network, from.network),
  )})`;

/** Whether the account signed in from this network or this device since `since`. */
export async function signedInFrom(db: Executor, userId: string, from: Place, since: Date) {
  const [row] = await rowsOf<{ known: boolean }>(
    db,
    sql`select ${signedInFromSql(userId, from, since)} as known`,
  );
  return row?.known === true;
}

/** The account an email names, and whether it signed in from this place since `since`: one query. */
export async function findUserSigningIn(db: Executor, email: string, from: Place, since: Date) {
  const [row] = await db
    .select({ user: users, known: signedInFromSql(users.id, from, since) })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

/**
 * Whether the account has signed in from this network since `networkSince` (the window in which a
 * shared address links accounts) and from this device ever (a shared device links them for good):
 * a sign-in from where it has been before links it to nobody new.
 */
export async function signedInHereBefore(
  db: Executor,
  userId: string,
  where: { network: string | null; deviceId: string | null },
  networkSince: Date,
) {
  const signedInWhere = (condition: SQL | undefined) =>
    sql`exists (select 1 from ${signIns} where ${and(eq(signIns.userId, userId), condition)})`;
  const network = where.network
    ? signedInWhere(and(eq(signIns.network, where.network), gt(signIns.at, networkSince)))
    : sql`true`;
  const device = where.deviceId ? signedInWhere(eq(signIns.deviceId, where.deviceId)) : sql`true`;
  const [row] = await rowsOf<{ known: boolean }>(db, sql`select (${network}) and (${device}) as known`);
  return row?.known === true;
}

/** Which of these users are suspended now: a suspended member earns nothing (DESIGN §8). */
export async function suspendedAmong(db: Executor, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, ids),
        isNotNull(users.suspendedAt),
        or(isNull(users.suspendedUntil), gt(users.suspendedUntil, now)),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The user of a session that has ended (expired, or ended by a suspension). */
export async function findEndedSessionUser(db: Executor, tokenHash: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  return row?.user;
}

export async function expireUserSessions(db: Executor, userId: string, now: Date) {
  await db
    .update(sessions)
    .set({ expiresAt: now })
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
}

export async function touchSession(db: Executor, tokenHash: string, now: Date) {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export type LinkPurpose = (typeof accountTokens.$inferSelect)['purpose'];

/** Stores a new link's hash, and voids the user's earlier links of the same kind: only the newest works. */
export async function insertLink(db: Executor, values: typeof accountTokens.$inferInsert, now: Date) {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.userId, values.userId),
        eq(accountTokens.purpose, values.purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  await db.insert(accountTokens).values(values);
}

/** Marks a link used, only if it is of this kind, unused and unexpired; undefined otherwise. */
export async function spendLinkRow(db: Executor, tokenHash: string, purpose: LinkPurpose, now: Date) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function findLink(db: Executor, tokenHash: string, purpose: LinkPurpose) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)));
  return row;
}

/** Records a provider's ID token as spent; false when it already was. */
export async function spendIdToken(db: Executor, tokenHash: string, expiresAt: Date) {
  const rows = await db
    .insert(usedIdTokens)
    .values({ tokenHash, expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: usedIdTokens.tokenHash });
  return rows.length > 0;
}
