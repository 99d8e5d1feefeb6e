import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

/** Each day's metrics in a range of UK days, their shards summed. */
export const totalsBetween = (db: Executor, from: string, to: string) =>
  rowsOf<{ day: string; metric: string; amount: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, metric, sum(amount)::text as amount
          from daily_totals where day between ${from}::date and ${to}::date
         group by day, metric`,
  );

/**
 * The value of the prizes drawn on each UK day in the range that someone still holds: read from the
 * prizes themselves, not kept as a daily total, because a prize is not awarded after all once every
 * place of it is lost (forfeited with nobody next in line), however long after its draw.
 */
export const awardedPrizeValueBetween = (db: Executor, from: string, to: string) =>
  rowsOf<{ day: string; amount: string }>(
    db,
    sql`select to_char((p.drawn_at at time zone 'Europe/London')::date, 'YYYY-MM-DD') as day,
               sum(p.value_pence)::text as amount
          from prizes p
         where p.drawn_at >= ${from}::date::timestamp at time zone 'Europe/London'
           and p.drawn_at < (${to}::date + 1)::timestamp at time zone 'Europe/London'
           and p.status = 'drawn'
           and exists (select 1 from wins w where w.prize_id = p.id and w.forfeited_at is null)
         group by 1`,
  );
