import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prizeEntries, prizes, users, wins } from '../../db/schema';

export type PrizeRow = typeof prizes.$inferSelect;
export type PrizeWithCounts = PrizeRow & { participantCount: number; userEntries: number };

/** Prize columns plus how many people are in it and how many entries this user holds. */
function selectWithCounts(userId: string | undefined) {
  const userEntries = userId
    ? sql<number>`coalesce((select ${prizeEntries.entries} from ${prizeEntries}
        where ${prizeEntries.prizeId} = ${prizes.id} and ${prizeEntries.userId} = ${userId}), 0)`
    : sql<number>`0`;
  return {
    prize: prizes,
    participantCount:
      sql<number>`(select count(*) from ${prizeEntries} where ${prizeEntries.prizeId} = ${prizes.id})`.mapWith(
        Number,
      ),
    userEntries: userEntries.mapWith(Number),
  };
}

export async function selectPrizes(
  db: Executor,
  where: SQL | undefined,
  userId?: string,
): Promise<PrizeWithCounts[]> {
  const rows = await db
    .select(selectWithCounts(userId))
    .from(prizes)
    .where(where)
    .orderBy(desc(prizes.featured), prizes.endDate);
  return rows.map((r) => ({ ...r.prize, participantCount: r.participantCount, userEntries: r.userEntries }));
}

/** What the prize list shows: prizes open for entries and those waiting for their draw. */
export const listOpenPrizes = (db: Executor, userId?: string) =>
  selectPrizes(db, inArray(prizes.status, ['active', 'ready_to_draw']), userId);

/** Any prize the public may see: everything but drafts. */
export async function findVisiblePrize(db: Executor, id: string, userId?: string) {
  const [row] = await selectPrizes(db, and(eq(prizes.id, id), ne(prizes.status, 'draft')), userId);
  return row;
}

export async function findPrize(db: Executor, id: string): Promise<PrizeRow | undefined> {
  const [row] = await db.select().from(prizes).where(eq(prizes.id, id));
  return row;
}

/** Adds to the prize's entry count only while it is open; the row lock this takes orders concurrent entries. */
export async function addPrizeEntries(db: Executor, id: string, quantity: number, now: Date) {
  const [row] = await db
    .update(prizes)
    .set({ totalEntries: sql`${prizes.totalEntries} + ${quantity}` })
    .where(
      and(
        eq(prizes.id, id),
        eq(prizes.status, 'active'),
        sql`${prizes.startDate} <= ${now}`,
        sql`${prizes.endDate} > ${now}`,
      ),
    )
    .returning();
  return row;
}

/** Adds to the user's entries in a prize unless that would pass the cap; undefined when it would. */
export async function addUserEntries(
  db: Executor,
  values: { prizeId: string; userId: string; quantity: number; cap: number; now: Date },
) {
  const { prizeId, userId, quantity, cap, now } = values;
  if (quantity > cap) return undefined;
  const [row] = await db
    .insert(prizeEntries)
    .values({ prizeId, userId, entries: quantity, updatedAt: now })
    .onConflictDoUpdate({
      target: [prizeEntries.prizeId, prizeEntries.userId],
      set: { entries: sql`${prizeEntries.entries} + ${quantity}`, updatedAt: now },
      setWhere: sql`${prizeEntries.entries} + ${quantity} <= ${cap}`,
    })
    .returning({ entries: prizeEntries.entries });
  return row?.entries;
}

export async function userEntriesIn(db: Executor, prizeId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ entries: prizeEntries.entries })
    .from(prizeEntries)
    .where(and(eq(prizeEntries.prizeId, prizeId), eq(prizeEntries.userId, userId)));
  return row?.entries ?? 0;
}

/** Winners, newest first, with the names as stored; callers mask them before they leave the server. */
export function latestWins(db: Executor, limit: number) {
  return db
    .select({
      username: users.username,
      prizeTitle: prizes.title,
      valuePence: prizes.valuePence,
      drawnAt: wins.drawnAt,
    })
    .from(wins)
    .innerJoin(users, eq(users.id, wins.userId))
    .innerJoin(prizes, eq(prizes.id, wins.prizeId))
    .orderBy(desc(wins.drawnAt), wins.position)
    .limit(limit);
}
