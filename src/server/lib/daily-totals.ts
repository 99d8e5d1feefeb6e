import { type SQL, sql } from 'drizzle-orm';
import type { EarnedSource, LedgerReason } from '../../contract/operator-rules';
import type { Executor } from '../db/client';
import { londonDay } from './london';

/**
 * The analytics' daily totals (DESIGN §8): each UK day's figures, moved in the
 * same transaction as what they count, so the admin's charts never sum the
 * ledger. Migration 0017 filled them from the ledger as it stood.
 */

export type Metric =
  | `earned:${EarnedSource}`
  | 'spent'
  | 'cash_won'
  | 'cash_paid'
  | 'signups'
  | 'active'
  | 'offer_revenue';

type Account = 'entries' | 'cash';

/**
 * What each kind of ledger row counts towards, per account: its metric, and the
 * sign its signed amount is counted with (entering a prize is a debit that adds
 * to `spent`, a refund takes from it). `active` marks what members do
 * themselves: a day's active members are those with one such row that day.
 */
const COUNTS: Record<LedgerReason, { active?: true } & Partial<Record<Account, [Metric, 1 | -1]>>> = {
  welcome_bonus: { active: true, entries: ['earned:welcome', 1] },
  task: { active: true, entries: ['earned:tasks', 1] },
  ad: { active: true, entries: ['earned:ads', 1] },
  offer: { active: true, entries: ['earned:offers', 1] },
  offer_reversal: { entries: ['earned:offers', 1] },
  referral: { entries: ['earned:referrals', 1] },
  streak_bonus: { active: true, entries: ['earned:streaks', 1] },
  achievement: { active: true, entries: ['earned:achievements', 1] },
  achievement_taken_back: { entries: ['earned:achievements', 1] },
  wheel: { active: true, entries: ['earned:wheel', 1], cash: ['cash_won', 1] },
  leaderboard_prize: { entries: ['earned:leaderboard', 1], cash: ['cash_won', 1] },
  admin_adjustment: { entries: ['earned:admin', 1] },
  prize_entry: { active: true, entries: ['spent', -1] },
  prize_cancelled_refund: { entries: ['spent', -1] },
  entries_withdrawn: { entries: ['spent', -1] },
  withdrawal: { active: true },
  withdrawal_returned: {},
};

/** How many rows each day's metric is split over. */
const SHARDS = 16;
/** A member's shard: the last hex digit of their (random) id. */
export const shardOf = (userId: string) => Number.parseInt(userId.slice(-1), 16) % SHARDS;

/** What one ledger row adds to its day's totals, and whether it makes its member active that day. */
export function countsOfLedgerRow(reason: LedgerReason, account: Account, signedAmount: number) {
  const counts = COUNTS[reason];
  const target = counts?.[account];
  return {
    metrics: target ? ([[target[0], signedAmount * target[1]]] as Array<[Metric, number]>) : [],
    active: counts?.active ?? false,
  };
}

const upsertTotals = (rows: SQL) => sql`insert into daily_totals (day, metric, shard, amount) ${rows}
    on conflict (day, metric, shard) do update set amount = daily_totals.amount + excluded.amount`;

/**
 * The statement that writes one ledger row and, only if it was new, its day's
 * totals and its member's activity: data-modifying CTEs of one statement, so a
 * credit takes no more round trips than before, and a replayed key counts nothing.
 */
export function insertLedgerRowCounted(row: {
  userId: string;
  account: Account;
  amount: number;
  reason: LedgerReason;
  reference: string | undefined;
  idempotencyKey: string;
  at: Date;
}) {
  const { userId, account, amount, reason, reference, idempotencyKey, at } = row;
  const day = londonDay(at);
  const shard = shardOf(userId);
  const { metrics, active } = countsOfLedgerRow(reason, account, amount);
  const counted = [
    ...metrics.map(([metric, n]) => sql`(${metric}, ${n}::bigint)`),
    ...(active ? [sql`('active', (select count(*) from activity))`] : []),
  ];
  // The member's row is locked before the day's totals, as every change locks it first (lib/locks.ts):
  // a credit taking the totals' row first and a debit taking the member first would deadlock.
  const inserted = sql`member as (select id from users where id = ${userId} for no key update),
    inserted as (
      insert into ledger_entries (user_id, account, amount, reason, reference, idempotency_key, created_at)
      select member.id, ${account}, ${amount}, ${reason}, ${reference ?? null}, ${idempotencyKey}, ${at.toISOString()}
        from member
      on conflict (idempotency_key) do nothing
      returning id)`;
  if (counted.length === 0) return sql`with ${inserted} select id from inserted`;
  return sql`with ${inserted}${
    active
      ? sql`, activity as (
      insert into daily_active (day, user_id) select ${day}::date, ${userId}::uuid from inserted
      on conflict do nothing returning 1)`
      : sql``
  }, totals as (${upsertTotals(sql`select ${day}::date, c.metric, ${shard}::smallint, c.amount
        from (values ${sql.join(counted, sql`, `)}) as c(metric, amount), inserted
       where c.amount <> 0`)})
    select id from inserted`;
}

/** Adds to a day's totals outside the ledger: a sign-up, a withdrawal paid, an offer's revenue. */
export async function countDaily(
  db: Executor,
  at: Date,
  userId: string,
  metrics: Partial<Record<Metric, number>>,
) {
  const rows = Object.entries(metrics)
    .filter(([, n]) => n)
    .map(
      ([metric, n]) => sql`(${londonDay(at)}::date, ${metric}, ${shardOf(userId)}::smallint, ${n}::bigint)`,
    );
  if (rows.length) await db.execute(upsertTotals(sql`values ${sql.join(rows, sql`, `)}`));
}
