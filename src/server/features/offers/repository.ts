import { and, asc, count, eq, inArray, sql, sum } from 'drizzle-orm';
import { OFFER_HOLD_DAYS_DEFAULT } from '../../../contract/offer-walls';
import type { Executor } from '../../db/client';
import { offerTransactions, offerWalls, offerWallTotals } from '../../db/schema';
import { lockNames } from '../../lib/named-locks';

export type WallRow = typeof offerWalls.$inferSelect;
export type OfferTransactionRow = typeof offerTransactions.$inferSelect;

/** One postback per transaction id at a time, until the transaction ends. */
export const lockOfferTransaction = (tx: Executor, key: string) => lockNames(tx, `offer:${key}`);

export async function findOfferTransactionForUpdate(
  tx: Executor,
  key: string,
): Promise<OfferTransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(offerTransactions)
    .where(eq(offerTransactions.transactionId, key))
    .for('update');
  return row;
}

/** Records a credit or a reversal under its id; false when one is already there (or its signature is). */
export async function recordOfferTransaction(
  tx: Executor,
  row: Pick<OfferTransactionRow, 'transactionId' | 'wallId' | 'userId' | 'amount' | 'status'> &
    Partial<Pick<OfferTransactionRow, 'payoutPence' | 'signature' | 'createdAt' | 'reversedAt'>>,
): Promise<boolean> {
  const inserted = await tx
    .insert(offerTransactions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: offerTransactions.transactionId });
  return inserted.length > 0;
}

export async function markOfferReversed(tx: Executor, key: string, at: Date) {
  await tx
    .update(offerTransactions)
    .set({ status: 'reversed', reversedAt: at })
    .where(eq(offerTransactions.transactionId, key));
}

/** A member's credited offers: how many, and the entries they earned. */
export async function creditedOffersOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ completedOffers: count(), totalEarned: sum(offerTransactions.amount).mapWith(Number) })
    .from(offerTransactions)
    .where(and(eq(offerTransactions.userId, userId), eq(offerTransactions.status, 'credited')));
  return { completedOffers: row?.completedOffers ?? 0, totalEarned: row?.totalEarned ?? 0 };
}

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

/**
 * Until when a provider may still reverse each of these credits (by their ledger reference, the
 * transaction's key): its wall's hold days after it was credited (the environment's wall, the default).
 * Only credits not yet reversed and still within their hold are named.
 */
export async function reversibleUntil(db: Executor, keys: string[], now: Date) {
  if (keys.length === 0) return new Map<string, Date>();
  const rows = await db
    .select({
      key: offerTransactions.transactionId,
      until:
        sql<Date>`${offerTransactions.createdAt} + make_interval(days => coalesce(${offerWalls.holdDays}, ${OFFER_HOLD_DAYS_DEFAULT}))`.mapWith(
          (v: string | Date) => new Date(v),
        ),
    })
    .from(offerTransactions)
    .leftJoin(offerWalls, eq(offerWalls.id, offerTransactions.wallId))
    .where(and(inArray(offerTransactions.transactionId, keys), eq(offerTransactions.status, 'credited')));
  return new Map(rows.filter((r) => r.until > now).map((r) => [r.key, r.until]));
}
