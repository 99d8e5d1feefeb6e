import { sql } from 'drizzle-orm';
import { EARNED_SOURCES } from '../../../contract/operator-rules';
import { WITHDRAWAL_STATUSES } from '../../../contract/payouts';
import type { TransparencySummary } from '../../../contract/transparency';
import type { Config } from '../../config';
import { type Executor, rowsOf } from '../../db/client';
import { penceToPounds } from '../../lib/money';
import { selectPrizes } from '../prizes/repository';
import { openPrizes } from '../prizes/rules';
import { newestCheckpoint } from '../transparency/log';

/** A count or a sum as SQL answers it (bigint as text, or null over no rows). */
const n = (value: string | number | null | undefined) => Number(value ?? 0);
/** Days to a tenth, as the log states them, or null when nothing was measured. */
const tenth = (value: string | number | null) =>
  value === null ? null : Math.round(Number(value) * 10) / 10;
const DAYS = (from: string, to: string) => sql.raw(`extract(epoch from (${to} - ${from})) / 86400`);

/** Prizes drawn, the places they advertised and what became of them: claimed, or still open to claim. */
async function prizesDrawn(db: Executor) {
  const [row] = await rowsOf<Record<string, string>>(
    db,
    sql`select count(*) as drawn,
               coalesce(sum(p.total_winners), 0) as places,
               coalesce(sum(p.value_pence * p.total_winners), 0) as advertised,
               coalesce(sum(w.claimed), 0) as awarded,
               coalesce(sum(w.awaiting), 0) as awaiting
          from prizes p
          left join lateral (
                select sum(p.value_pence) filter (where claimed_at is not null) as claimed,
                       sum(p.value_pence) filter (where claimed_at is null) as awaiting
                  from wins where prize_id = p.id and forfeited_at is null) w on true
         where p.status = 'drawn'`,
  );
  return {
    drawn: n(row!.drawn),
    places: n(row!.places),
    advertisedPounds: penceToPounds(n(row!.advertised)),
    awardedPounds: penceToPounds(n(row!.awarded)),
    awaitingPounds: penceToPounds(n(row!.awaiting)),
  };
}

/** Days from each draw to its prize paid or delivered: how many, the median and the longest. */
async function delivery(db: Executor) {
  const [row] = await rowsOf<{ count: string; median: string | null; worst: string | null }>(
    db,
    sql`select count(*) as count,
               percentile_cont(0.5) within group (order by ${DAYS('drawn_at', 'delivered_at')}) as median,
               max(${DAYS('drawn_at', 'delivered_at')}) as worst
          from wins where delivered_at is not null`,
  );
  return { count: n(row!.count), medianDays: tenth(row!.median), worstDays: tenth(row!.worst) };
}

/** Every payout, cash out or prize, by its state: how many and their value. */
async function payouts(db: Executor) {
  const rows = await rowsOf<{ status: string; count: string; pence: string }>(
    db,
    sql`select status, count(*) as count, sum(amount_pence) as pence from withdrawals group by status`,
  );
  const by = new Map(rows.map((r) => [r.status, r]));
  return WITHDRAWAL_STATUSES.map((status) => ({
    status,
    count: n(by.get(status)?.count),
    pounds: penceToPounds(n(by.get(status)?.pence)),
  }));
}

/** Complaints and questions received, how many were answered, and the median days to the first answer. */
async function complaints(db: Executor) {
  const [row] = await rowsOf<{ received: string; answered: string; median: string | null }>(
    db,
    sql`select count(*) as received, count(first_reply) as answered,
               percentile_cont(0.5) within group (order by ${DAYS('created_at', 'first_reply')}) as median
          from (select m.created_at,
                       (select min(r.at) from contact_replies r where r.message_id = m.id) as first_reply
                  from contact_messages m) t`,
  );
  return { received: n(row!.received), answered: n(row!.answered), medianDaysToReply: tenth(row!.median) };
}

/** Entries earned by where they came from, as shares of all earned (the analytics' daily totals). */
async function entrySources(db: Executor) {
  const rows = await rowsOf<{ metric: string; amount: string }>(
    db,
    sql`select metric, sum(amount) as amount from daily_totals where metric like 'earned:%' group by metric`,
  );
  const earned = new Map(rows.map((r) => [r.metric.slice('earned:'.length), Math.max(0, n(r.amount))]));
  const total = [...earned.values()].reduce((a, b) => a + b, 0);
  return EARNED_SOURCES.map((source) => earned.get(source) ?? 0)
    .map((entries, i) => ({ source: EARNED_SOURCES[i]!, entries, share: total ? entries / total : 0 }))
    .filter((s) => s.entries > 0);
}

/** The prizes open now, with their entries and the odds of one entry winning. */
async function open(db: Executor, now: Date) {
  return (await selectPrizes(db, openPrizes(now))).map((p) => ({
    _id: p.id,
    title: p.title,
    entries: p.totalEntries,
    winners: p.totalWinners,
    closes: p.endDate.toISOString(),
    // Each entry is a ticket, and no one wins twice: with fewer entries than places every entry wins.
    oneIn: p.totalEntries === 0 ? null : Math.max(1, Math.round((p.totalEntries / p.totalWinners) * 10) / 10),
  }));
}

/** The transparency page's figures (DESIGN §18), all read at once. */
export async function transparencySummary(
  db: Executor,
  now: Date,
  config: Pick<Config, 'prizeMinOpenHours'>,
): Promise<TransparencySummary> {
  const [prizes, delivered, paid, heard, sources, openNow, checkpoint] = await Promise.all([
    prizesDrawn(db),
    delivery(db),
    payouts(db),
    complaints(db),
    entrySources(db),
    open(db, now),
    newestCheckpoint(db),
  ]);
  return {
    asOf: now.toISOString(),
    prizes,
    delivery: delivered,
    payouts: paid,
    complaints: heard,
    entrySources: sources,
    openPrizes: openNow,
    checkpoint: checkpoint
      ? {
          size: checkpoint.size,
          rootHash: Buffer.from(checkpoint.root).toString('base64'),
          signedAt: checkpoint.signedAt.toISOString(),
          note: checkpoint.note,
        }
      : null,
    settings: { prizeMinOpenHours: config.prizeMinOpenHours },
  };
}
