import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REFERRAL_STREAK_DAYS } from '../../../contract/constants';
import type { ReferralHoldStatus } from '../../../contract/referral-holds';
import { type Executor, rowsOf } from '../../db/client';
import { ledgerEntries, referralHolds, users } from '../../db/schema';
import { afterKey, exactTime } from '../../lib/cursor';
import { AD_TYPES_SQL } from './achievement-repository';

export async function isDeleted(db: Executor, userId: string) {
  const [row] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  return !row || row.deletedAt !== null;
}

export async function referrerOf(db: Executor, userId: string) {
  const [row] = await db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId));
  return row?.referredBy ?? undefined;
}

/**
 * Whether an invited account has shown it is a person: a verified address and
 * something a script cannot fake in one request (a watched ad, a credited
 * offer, or a week-long streak). Explicit aliases: see gamification/repository.
 */
export async function provedReal(db: Executor, userId: string) {
  const [row] = await db
    .select({
      proved: sql<boolean>`u.email_verified_at is not null and (
        exists (select 1 from task_completions c join tasks t on t.id = c.task_id
                where c.user_id = u.id and t.type in (${AD_TYPES_SQL}))
        or exists (select 1 from offer_transactions o where o.user_id = u.id and o.status = 'credited')
        or coalesce((select s.longest from streaks s where s.user_id = u.id), 0) >= ${REFERRAL_STREAK_DAYS})`,
    })
    .from(sql`users u`)
    .where(sql`u.id = ${userId}`);
  return row?.proved === true;
}

export async function referralCreditsSince(db: Executor, referrer: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, referrer),
        eq(ledgerEntries.account, 'entries'),
        eq(ledgerEntries.reason, 'referral'),
        gte(ledgerEntries.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** The ledger key of the one referral credit an invited account can earn its referrer. */
export const referralKey = (friendId: string) => `referral:${friendId}`;

export async function referralPaid(db: Executor, friendId: string) {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, referralKey(friendId)));
  return row !== undefined;
}

/**
 * What a friend shares with their referrer, in words: a network (address or
 * IPv6 /64) the referrer signed up or in from since `since`, or a device at any
 * time; null when they share nothing.
 */
export async function sharedPlace(db: Executor, friendId: string, referrerId: string, since: Date) {
  const [row] = await rowsOf<{ shared: string }>(
    db,
    sql`select case when f.network = r.network and r.at > ${since.toISOString()}
                    then 'the address ' || f.network else 'a device' end as shared
          from sign_ins f
          join sign_ins r on r.user_id = ${referrerId}
           and ((r.network = f.network and r.at > ${since.toISOString()}) or r.device_id = f.device_id)
         where f.user_id = ${friendId}
         limit 1`,
  );
  return row?.shared ?? null;
}

export async function holdReferral(db: Executor, values: typeof referralHolds.$inferInsert) {
  await db.insert(referralHolds).values(values).onConflictDoNothing();
}

export async function findHold(db: Executor, friendId: string, opts: { lock?: boolean } = {}) {
  const query = db.select().from(referralHolds).where(eq(referralHolds.friendId, friendId));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

export async function decideHold(
  db: Executor,
  friendId: string,
  decision: { status: ReferralHoldStatus; decidedAt: Date; decidedBy: string; note: string | null },
) {
  await db.update(referralHolds).set(decision).where(eq(referralHolds.friendId, friendId));
}

const friend = alias(users, 'friend');
const referrer = alias(users, 'referrer');

/** Held referrals with both members' names. */
const holdsWithNames = (db: Executor) =>
  db
    .select({
      hold: referralHolds,
      heldAtExact: exactTime(referralHolds.heldAt),
      friend: { id: friend.id, username: friend.username },
      referrer: { id: referrer.id, username: referrer.username, entries: referrer.availableEntries },
    })
    .from(referralHolds)
    .innerJoin(friend, eq(friend.id, referralHolds.friendId))
    .innerJoin(referrer, eq(referrer.id, referralHolds.referrerId));

/** Held referrals in one status, newest first, a page after `before` ([heldAt, friendId] of the last row). */
export function holdsPage(
  db: Executor,
  status: ReferralHoldStatus,
  before: [string, string] | undefined,
  take: number,
) {
  return holdsWithNames(db)
    .where(
      and(eq(referralHolds.status, status), afterKey([referralHolds.heldAt, referralHolds.friendId], before)),
    )
    .orderBy(desc(referralHolds.heldAt), desc(referralHolds.friendId))
    .limit(take);
}

export async function holdWithNames(db: Executor, friendId: string) {
  const [row] = await holdsWithNames(db).where(eq(referralHolds.friendId, friendId));
  return row;
}
