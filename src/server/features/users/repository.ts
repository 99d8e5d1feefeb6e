import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prizeEntries, prizes, wins } from '../../db/schema';

/** The prizes a user holds entries in, most recently entered first. */
export function entriesOf(db: Executor, userId: string) {
  return db
    .select({ prize: prizes, entries: prizeEntries.entries, updatedAt: prizeEntries.updatedAt })
    .from(prizeEntries)
    .innerJoin(prizes, eq(prizes.id, prizeEntries.prizeId))
    .where(eq(prizeEntries.userId, userId))
    .orderBy(desc(prizeEntries.updatedAt));
}

export function winsOf(db: Executor, userId: string) {
  return db
    .select({ win: wins, prize: prizes })
    .from(wins)
    .innerJoin(prizes, eq(prizes.id, wins.prizeId))
    .where(eq(wins.userId, userId))
    .orderBy(desc(wins.drawnAt));
}

/** Records the claim once, only within the window; undefined when it was already claimed or too late. */
export async function claimWin(
  db: Executor,
  values: { prizeId: string; userId: string; details: string; now: Date; openSince: Date },
) {
  const { prizeId, userId, details, now, openSince } = values;
  const [row] = await db
    .update(wins)
    .set({ claimedAt: now, deliveryDetails: details })
    .where(
      and(
        eq(wins.prizeId, prizeId),
        eq(wins.userId, userId),
        isNull(wins.claimedAt),
        gte(wins.drawnAt, openSince),
      ),
    )
    .returning();
  return row;
}

export async function findWin(db: Executor, prizeId: string, userId: string) {
  const [row] = await db
    .select()
    .from(wins)
    .where(and(eq(wins.prizeId, prizeId), eq(wins.userId, userId)));
  return row;
}
