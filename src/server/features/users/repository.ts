import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prizeEntries, prizes } from '../../db/schema';
import { after, exactTime } from '../../lib/cursor';
import { openPrizes } from '../prizes/rules';

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
    })
    .from(prizeEntries)
    .innerJoin(prizes, eq(prizes.id, prizeEntries.prizeId))
    .where(and(eq(prizeEntries.userId, userId), after([prizeEntries.updatedAt, prizeEntries.prizeId], key)))
    .orderBy(desc(prizeEntries.updatedAt), desc(prizeEntries.prizeId))
    .limit(take);
}

/** Entries the user holds in prizes still open. */
export async function openPrizeEntries(db: Executor, userId: string, now: Date) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${prizeEntries.entries}), 0)`.mapWith(Number) })
    .from(prizeEntries)
    .innerJoin(prizes, eq(prizes.id, prizeEntries.prizeId))
    .where(and(eq(prizeEntries.userId, userId), openPrizes(now)));
  return row?.n ?? 0;
}
