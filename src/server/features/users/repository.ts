import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prizeEntries, prizes } from '../../db/schema';

/** The prizes a user holds entries in, most recently entered first. */
export function entriesOf(db: Executor, userId: string) {
  return db
    .select({ prize: prizes, entries: prizeEntries.entries, updatedAt: prizeEntries.updatedAt })
    .from(prizeEntries)
    .innerJoin(prizes, eq(prizes.id, prizeEntries.prizeId))
    .where(eq(prizeEntries.userId, userId))
    .orderBy(desc(prizeEntries.updatedAt));
}
