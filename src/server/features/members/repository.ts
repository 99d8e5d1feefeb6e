import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MemberSearchQuery } from '../../../contract/members';
import type { MemberStatus } from '../../../contract/operator-rules';
import type { Executor } from '../../db/client';
import {
  memberNotes,
  memberRisk,
  prizeEntries,
  prizes,
  sessions,
  tasks,
  users,
  wins,
  withdrawals,
} from '../../db/schema';
import { afterKey, exactTime } from '../../lib/cursor';
import { isUuid } from '../../lib/uuid';
import { notSuspendedSql } from '../accounts/sign-in-rules';

export type MemberRow = typeof users.$inferSelect & {
  risk: Pick<typeof memberRisk.$inferSelect, 'score' | 'signals'> | null;
};

/** How many of a member's wins, entries, withdrawals and referrals their page shows, newest first. */
export const LATEST_SHOWN = 50;

/** `q` as it stands inside a LIKE pattern: its own % and _ mean themselves. */
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

const withRisk = {
  ...getTableColumns(users),
  risk: sql<MemberRow['risk']>`case when ${memberRisk.userId} is null then null
    else json_build_object('score', ${memberRisk.score}, 'signals', ${memberRisk.signals}) end`,
};

/**
 * Members whose account stands so at `now`, as memberStatus (accounts/sign-in-rules.ts) works it out. Each
 * rare state also says, in so many words, the condition of its partial index (schema.ts), which the
 * planner can then see the query implies.
 */
function inStatus(status: MemberStatus, now: Date) {
  const everOnBreak = sql`(${users.breakForGood} or ${users.breakUntil} is not null)`;
  const onBreak = sql`(${users.breakForGood} or coalesce(${users.breakUntil} > ${now}, false))`;
  const suspended = sql`not ${notSuspendedSql(now)}`;
  switch (status) {
    case 'deleted':
      return isNotNull(users.deletedAt);
    case 'suspended':
      return and(isNull(users.deletedAt), isNotNull(users.suspendedAt), suspended);
    case 'on_break':
      return and(isNull(users.deletedAt), notSuspendedSql(now), everOnBreak, onBreak);
    case 'active':
      return and(isNull(users.deletedAt), notSuspendedSql(now), sql`not ${onBreak}`);
  }
}

/**
 * A page of members, newest first: those matching `q` (any part of an email or
 * username, a whole domain as "@example.com", an exact id or referral code),
 * narrowed by where their account stands, held cashouts, and a least risk.
 */
export function searchMembers(
  db: Executor,
  now: Date,
  query: Pick<MemberSearchQuery, 'q' | 'status' | 'held' | 'minRisk'>,
  from: readonly [string, string] | undefined,
  take: number,
) {
  const q = query.q?.toLowerCase();
  const matches = !q
    ? undefined
    : q.startsWith('@')
      ? sql`${users.email} like ${`%${escapeLike(q)}`}`
      : or(
          sql`${users.email} like ${`%${escapeLike(q)}%`}`,
          sql`lower(${users.username}) like ${`%${escapeLike(q)}%`}`,
          eq(users.referralCode, q.toUpperCase()),
          isUuid(q) ? eq(users.id, q) : undefined,
        );
  return db
    .select({ ...withRisk, at: exactTime(users.createdAt) })
    .from(users)
    .leftJoin(memberRisk, eq(memberRisk.userId, users.id))
    .where(
      and(
        matches,
        query.status ? inStatus(query.status, now) : undefined,
        query.held ? isNotNull(users.cashoutsHeldAt) : undefined,
        query.minRisk ? gte(memberRisk.score, query.minRisk) : undefined,
        afterKey([users.createdAt, users.id], from),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(take);
}

export async function findMember(db: Executor, id: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(withRisk)
    .from(users)
    .leftJoin(memberRisk, eq(memberRisk.userId, users.id))
    .where(eq(users.id, id));
  return row;
}

const referrer = alias(users, 'referrer');

export async function referrerOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: referrer.id, username: referrer.username })
    .from(users)
    .innerJoin(referrer, eq(referrer.id, users.referredBy))
    .where(eq(users.id, userId));
  return row;
}

export const openSessions = (db: Executor, userId: string, now: Date) =>
  db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt))
    .limit(LATEST_SHOWN);

/** The newest rows of one of the member's lists, with how many there are in all. */
async function latest<T>(rows: Promise<T[]>, total: Promise<Array<{ n: number }>>) {
  const [r, [t]] = await Promise.all([rows, total]);
  return { rows: r, total: t?.n ?? 0 };
}

export const referralsOf = (db: Executor, userId: string) =>
  latest(
    db
      .select()
      .from(users)
      .where(eq(users.referredBy, userId))
      .orderBy(desc(users.createdAt))
      .limit(LATEST_SHOWN),
    db.select({ n: count() }).from(users).where(eq(users.referredBy, userId)),
  );

export const winsOf = (db: Executor, userId: string) =>
  latest(
    db
      .select({ win: wins, prize: { id: prizes.id, title: prizes.title } })
      .from(wins)
      .innerJoin(prizes, eq(prizes.id, wins.prizeId))
      .where(eq(wins.userId, userId))
      .orderBy(desc(wins.drawnAt))
      .limit(LATEST_SHOWN),
    db.select({ n: count() }).from(wins).where(eq(wins.userId, userId)),
  );

export const entriesOf = (db: Executor, userId: string) =>
  latest(
    db
      .select({ holding: prizeEntries, prize: { id: prizes.id, title: prizes.title, status: prizes.status } })
      .from(prizeEntries)
      .innerJoin(prizes, eq(prizes.id, prizeEntries.prizeId))
      .where(eq(prizeEntries.userId, userId))
      .orderBy(desc(prizeEntries.updatedAt))
      .limit(LATEST_SHOWN),
    db.select({ n: count() }).from(prizeEntries).where(eq(prizeEntries.userId, userId)),
  );

export const withdrawalsOf = (db: Executor, userId: string) =>
  latest(
    db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId))
      .orderBy(desc(withdrawals.requestedAt))
      .limit(LATEST_SHOWN),
    db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, userId)),
  );

export async function updateMember(db: Executor, id: string, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** The tasks' names, for the rows of the ledger they paid. */
export function taskTitles(db: Executor, ids: string[]) {
  return db.select({ id: tasks.id, title: tasks.title }).from(tasks).where(inArray(tasks.id, ids));
}

const author = alias(users, 'author');

/** The member's internal notes, newest first, with who wrote each, and how many there are. */
export async function notesOf(db: Executor, userId: string) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ note: memberNotes, author: { id: author.id, username: author.username } })
      .from(memberNotes)
      .innerJoin(author, eq(author.id, memberNotes.authorId))
      .where(eq(memberNotes.userId, userId))
      .orderBy(desc(memberNotes.createdAt), desc(memberNotes.id))
      .limit(LATEST_SHOWN),
    db.select({ n: count() }).from(memberNotes).where(eq(memberNotes.userId, userId)),
  ]);
  return { rows, total: total!.n };
}

export async function insertNote(db: Executor, values: typeof memberNotes.$inferInsert) {
  const [row] = await db.insert(memberNotes).values(values).returning();
  return row!;
}
