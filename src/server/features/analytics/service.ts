import { type AnalyticsDay, type AnalyticsQuery, rangeProblem } from '../../../contract/analytics';
import { EARNED_SOURCES } from '../../../contract/operator-rules';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import { addDays, londonDay } from '../../lib/london';
import { penceToPounds } from '../../lib/money';
import * as repo from './repository';

/** The range when none is asked for: the last 30 UK days, today included. */
const DEFAULT_DAYS = 30;

const emptyDay = (day: string): AnalyticsDay => ({
  day,
  signups: 0,
  activeMembers: 0,
  earned: Object.fromEntries(EARNED_SOURCES.map((s) => [s, 0])) as AnalyticsDay['earned'],
  spent: 0,
  cashWon: 0,
  cashPaid: 0,
  offerRevenue: 0,
  prizeValue: 0,
});

/** Puts one daily total (lib/daily-totals.ts's metric names) where the answer shows it. */
function place(day: AnalyticsDay, metric: string, amount: number) {
  if (metric.startsWith('earned:')) {
    const source = metric.slice('earned:'.length) as keyof AnalyticsDay['earned'];
    if (source in day.earned) day.earned[source] = amount;
    return;
  }
  const pounds = penceToPounds(amount);
  if (metric === 'signups') day.signups = amount;
  else if (metric === 'active') day.activeMembers = amount;
  else if (metric === 'spent') day.spent = amount;
  else if (metric === 'cash_won') day.cashWon = pounds;
  else if (metric === 'cash_paid') day.cashPaid = pounds;
  else if (metric === 'offer_revenue') day.offerRevenue = pounds;
}

/** Every day in the range, oldest first, days with nothing at all as zeros. */
export async function analytics(db: Db, now: Date, query: AnalyticsQuery) {
  const to = query.to ?? londonDay(now);
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  // Only `from`, long ago, would otherwise run to today however far that is.
  const problem = rangeProblem(from, to);
  if (problem) throw badRequest(`${problem.error} (querystring)`, 'validation_failed');
  const days = new Map<string, AnalyticsDay>();
  for (let day = from; day <= to; day = addDays(day, 1)) days.set(day, emptyDay(day));
  for (const row of await repo.totalsBetween(db, from, to)) {
    const day = days.get(row.day);
    if (day) place(day, row.metric, Number(row.amount));
  }
  for (const row of await repo.awardedPrizeValueBetween(db, from, to)) {
    const day = days.get(row.day);
    if (day) day.prizeValue = penceToPounds(Number(row.amount));
  }
  return { days: [...days.values()] };
}
