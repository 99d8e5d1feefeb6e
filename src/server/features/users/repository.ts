import { and, desc, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { prizeEntries, prizes } from '../../db/schema';
import { afterKey, exactTime } from '../../lib/cursor';
import { openPrizes } from '../prizes/rules';
import { receiptsColumn } from '../transparency/log';

/**
 * A page of the prizes a user holds entries in, most recently entered first, after `key` (the last
 * row's time and prize): read backward along the user's own index, however many prizes they entered.
 */
export function entriesOf(
  db: Executor,
  userId: string,
  key: readonly [string, string] | undefined,
  take: number,
) {
  return db
    .select({
      prize: {
        id: prizes.id,
        title: prizes.title,
        type: prizes.type,
        valuePence: prizes.valuePence,
        imageUrl: prizes.imageUrl,
        status: prizes.status,
        startDate: prizes.startDate,
        endDate: prizes.endDate,
      },
      entries: prizeEntries.entries,
      updatedAt: prizeEntries.updatedAt,
      at: exactTime(prizeEntries.updatedAt),
      pid: prizeEntries.pid,
      logIndexes: receiptsColumn(prizeEntries.prizeId, prizeEntries.pid),
    })
    .from(prizeEntries)
    .innerJoin(prizes, eq(prizes.id, prizeEntries.prizeId))
    .where(
      and(eq(prizeEntries.userId, userId), afterKey([prizeEntries.updatedAt, prizeEntries.prizeId], key)),
    )
    .orderBy(desc(prizeEntries.updatedAt), desc(prizeEntries.prizeId))
    .limit(take);
}

/**
 * Entries the user holds in prizes still open: from the open prizes, the member's holding in each (its
 * primary key), so the cost is the prizes open now, not every prize the member ever entered.
 */
export async function openPrizeEntries(db: Executor, userId: string, now: Date) {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    // The limit keeps the lookup per prize: without it the planner may join from the member's entries.
    sql`select coalesce(sum(e.entries), 0) as n from ${prizes}
          cross join lateral (select entries from ${prizeEntries} e
                               where e.prize_id = ${prizes.id} and e.user_id = ${userId} limit 1) e
         where ${openPrizes(now)}`,
  );
  return Number(row?.n ?? 0);
}
