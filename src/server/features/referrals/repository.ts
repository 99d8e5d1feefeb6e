import { and, count, eq, gte, sql } from 'drizzle-orm';
import { REFERRAL_STREAK_DAYS } from '../../../contract/constants';
import type { Executor } from '../../db/client';
import { ledgerEntries, users } from '../../db/schema';
import { AD_TYPES_SQL } from '../gamification/repository';

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
