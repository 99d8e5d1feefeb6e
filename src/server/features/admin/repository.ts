import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prizes, rowCounts, tasks } from '../../db/schema';
import { penceToPounds } from '../../lib/money';
import { openPrizes } from '../prizes/rules';

/** SPEC's admin stats, counted from the tables; "active" uses the prize rules' definition of open. */
export async function stats(db: Executor, now: Date) {
  const [[u], [p], [t]] = await Promise.all([
    // Kept by a trigger: counting a million members would read them all.
    db
      .select({ n: sql<number>`coalesce(sum(${rowCounts.n}), 0)`.mapWith(Number) })
      .from(rowCounts)
      .where(eq(rowCounts.tableName, 'users')),
    db
      .select({
        total: count(),
        drawn: sql<number>`count(*) filter (where ${prizes.status} = 'drawn')`.mapWith(Number),
        active: sql<number>`count(*) filter (where ${openPrizes(now)})`.mapWith(Number),
        valuePence:
          sql<number>`coalesce(sum(${prizes.valuePence}) filter (where ${prizes.status} <> 'cancelled'), 0)`.mapWith(
            Number,
          ),
      })
      .from(prizes),
    db.select({ n: count() }).from(tasks),
  ]);
  return {
    totalUsers: u!.n,
    totalPrizes: p!.total,
    drawnPrizes: p!.drawn,
    activePrizes: p!.active,
    totalPrizeValue: penceToPounds(p!.valuePence),
    totalTasks: t!.n,
  };
}
