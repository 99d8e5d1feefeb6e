import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prizeEntries, prizes } from '../../db/schema';
import { openPrizes } from '../prizes/rules';

/** The prizes a user holds entries in, most recently entered first. */
export function entriesOf(db: Executor, userId: string) {
  return db
    .select({
      prize: prizes,
      entries: prizeEntries.entries,
      updatedAt: prizeEntries.updatedAt,
      pid: prizeEntries.pid,
    })
    .from(prizeEntries)
    .innerJoin(prizes, eq(prizes.id, prizeEntries.prizeId))
    .where(eq(prizeEntries.userId, userId))
    .orderBy(desc(prizeEntries.updatedAt));
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
