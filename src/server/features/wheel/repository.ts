import { count, eq, max } from 'drizzle-orm';
import type { WheelPrizeId } from '../../../contract/gamification-rules';
import type { Executor } from '../../db/client';
import { wheelOdds, wheelSpins } from '../../db/schema';

export const savedOdds = (db: Executor) => db.select().from(wheelOdds);

export async function saveOdds(
  db: Executor,
  odds: Array<{ prizeId: WheelPrizeId; basisPoints: number }>,
  at: Date,
) {
  for (const { prizeId, basisPoints } of odds) {
    await db
      .insert(wheelOdds)
      .values({ prizeId, basisPoints, updatedAt: at })
      .onConflictDoUpdate({ target: wheelOdds.prizeId, set: { basisPoints, updatedAt: at } });
  }
}

/** How many times the user has spun, each prize's count, and when they last did. */
export async function spinsOf(db: Executor, userId: string) {
  const rows = await db
    .select({ prizeId: wheelSpins.prizeId, n: count(), last: max(wheelSpins.spunAt) })
    .from(wheelSpins)
    .where(eq(wheelSpins.userId, userId))
    .groupBy(wheelSpins.prizeId);
  return rows;
}

export async function insertSpin(db: Executor, values: typeof wheelSpins.$inferInsert) {
  const [row] = await db.insert(wheelSpins).values(values).returning({ id: wheelSpins.id });
  return row!.id;
}
