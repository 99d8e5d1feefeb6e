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
