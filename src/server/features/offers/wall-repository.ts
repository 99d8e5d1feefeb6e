import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { offerTransactions, offerWalls, offerWallTotals } from '../../db/schema';

export type WallRow = typeof offerWalls.$inferSelect;

/** Adds a postback's effect to its wall's running totals (the member's shard of them). */
export async function addToWallTotals(
  db: Executor,
  wallId: string,
  shard: number,
  change: { credits?: number; reversals?: number; revenuePence: number; entries: number },
) {
  const row = {
    credits: change.credits ?? 0,
    reversals: change.reversals ?? 0,
    revenuePence: change.revenuePence,
    entries: change.entries,
  };
  await db
    .insert(offerWallTotals)
    .values({ wallId, shard, ...row })
    .onConflictDoUpdate({
      target: [offerWallTotals.wallId, offerWallTotals.shard],
      set: {
        credits: sql`${offerWallTotals.credits} + ${row.credits}`,
        reversals: sql`${offerWallTotals.reversals} + ${row.reversals}`,
        revenuePence: sql`${offerWallTotals.revenuePence} + ${row.revenuePence}`,
        entries: sql`${offerWallTotals.entries} + ${row.entries}`,
      },
    });
}

/** Every wall, oldest first, with its totals summed over their shards. */
export function wallsWithTotals(db: Executor) {
  return db
    .select({
      wall: offerWalls,
      credits: sql<number>`coalesce(sum(${offerWallTotals.credits}), 0)::int`,
      reversals: sql<number>`coalesce(sum(${offerWallTotals.reversals}), 0)::int`,
      revenuePence: sql<number>`coalesce(sum(${offerWallTotals.revenuePence}), 0)::bigint`.mapWith(Number),
      entries: sql<number>`coalesce(sum(${offerWallTotals.entries}), 0)::bigint`.mapWith(Number),
    })
    .from(offerWalls)
    .leftJoin(offerWallTotals, eq(offerWallTotals.wallId, offerWalls.id))
    .groupBy(offerWalls.id)
    .orderBy(asc(offerWalls.createdAt), asc(offerWalls.id));
}

export async function findWall(db: Executor, id: string) {
  const [wall] = await db.select().from(offerWalls).where(eq(offerWalls.id, id));
  return wall;
}

export async function lockWall(db: Executor, id: string) {
  const [wall] = await db.select().from(offerWalls).where(eq(offerWalls.id, id)).for('update');
  return wall;
}

export async function insertWall(db: Executor, values: typeof offerWalls.$inferInsert) {
  const [wall] = await db.insert(offerWalls).values(values).returning();
  return wall!;
}

export async function updateWall(db: Executor, id: string, values: Partial<typeof offerWalls.$inferInsert>) {
  const [wall] = await db.update(offerWalls).set(values).where(eq(offerWalls.id, id)).returning();
  return wall!;
}

export function activeWalls(db: Executor) {
  return db
    .select()
    .from(offerWalls)
    .where(eq(offerWalls.active, true))
    .orderBy(asc(offerWalls.createdAt), asc(offerWalls.id));
}

/** A member's credited offers and the entries they gave, per wall (null: the environment's wall). */
export function memberTotalsByWall(db: Executor, userId: string) {
  return db
    .select({
      wallId: offerTransactions.wallId,
      completedOffers: sql<number>`count(*)::int`,
      totalEarned: sql<number>`coalesce(sum(${offerTransactions.amount}), 0)::int`,
    })
    .from(offerTransactions)
    .where(and(eq(offerTransactions.userId, userId), eq(offerTransactions.status, 'credited')))
    .groupBy(offerTransactions.wallId);
}
