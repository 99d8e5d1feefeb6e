import type { FastifyReply } from 'fastify';
import type { AnalyticsDay, AnalyticsQuery } from '../../../contract/analytics';
import { EARNED_SOURCES } from '../../../contract/operator-rules';
import type { Db } from '../../db/client';
import { sendCsv } from '../../lib/csv';
import { analytics } from './service';

/** The Dashboard's days as a file: one row a UK day, the same figures, each earned source a column. */
export async function streamAnalytics(db: Db, now: Date, reply: FastifyReply, query: AnalyticsQuery) {
  const { days } = await analytics(db, now, query);
  const earned = Object.fromEntries(
    EARNED_SOURCES.map((source) => [`earned_${source}`, (d: AnalyticsDay) => d.earned[source]]),
  );
  return sendCsv(
    reply,
    `analytics-${days[0]?.day ?? 'none'}-to-${days.at(-1)?.day ?? 'none'}.csv`,
    {
      day: (d: AnalyticsDay) => d.day,
      signups: (d) => d.signups,
      active_members: (d) => d.activeMembers,
      ...earned,
      spent: (d) => d.spent,
      cash_won: (d) => d.cashWon,
      cash_paid: (d) => d.cashPaid,
      offer_revenue: (d) => d.offerRevenue,
      prize_value: (d) => d.prizeValue,
    },
    (async function* () {
      yield* days;
    })(),
  );
}
