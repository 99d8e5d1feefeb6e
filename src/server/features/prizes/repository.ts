import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { prizeEntries, prizes, users, wins } from '../../db/schema';
import { afterKey, exactTime } from '../../lib/cursor';
import { openPrizes, readyToDrawPrizes, unfinishedPrizes } from './rules';

export type PrizeRow = typeof prizes.$inferSelect;
export type NewPrizeRow = typeof prizes.$inferInsert;

/** Prizes, featured first, then the soonest to close; each row counts its participants (migration 0020). */
export async function selectPrizes(db: Executor, where: SQL | undefined): Promise<PrizeRow[]> {
  return db.select().from(prizes).where(where).orderBy(desc(prizes.featured), prizes.endDate);
}

/** A page of prizes for admins, ordered by `order` (newest made first, or the longest ready first). */
export async function prizePage(
  db: Executor,
  where: SQL | undefined,
  order: 'newest' | 'readiest',
  from: readonly [string, string] | undefined,
  take: number,
) {
  const [column, direction] =
    order === 'newest' ? ([prizes.createdAt, 'desc'] as const) : ([prizes.endDate, 'asc'] as const);
  const by = direction === 'desc' ? desc : asc;
  const rows = await db
    .select({ prize: prizes, at: exactTime(column) })
    .from(prizes)
    .where(and(where, afterKey([column, prizes.id], from, direction)))
    .orderBy(by(column), by(prizes.id))
    .limit(take);
  return rows.map((r) => ({ ...r.prize, at: r.at }));
}

export async function selectPrize(db: Executor, where: SQL | undefined) {
  const [row] = await selectPrizes(db, where);
  return row;
}

/** Entering a prize reads it first, every entry: the query is built once (db/prepared.ts). */
const prizeById = preparedOnce((db) =>
  db
    .select()
    .from(prizes)
    .where(eq(prizes.id, sql.placeholder('id')))
    .prepare('prize_by_id'),
);

export async function findPrize(db: Executor, id: string): Promise<PrizeRow | undefined> {
  const [row] = await prizeById(db).execute({ id });
  return row;
}

/** The prize row, locked until the transaction ends: draws, edits and cancellations of one prize queue up. */
export async function lockPrize(db: Executor, id: string): Promise<PrizeRow | undefined> {
  const [row] = await db.select().from(prizes).where(eq(prizes.id, id)).for('update');
  return row;
}

export async function insertPrize(db: Executor, values: NewPrizeRow): Promise<PrizeRow> {
  const [row] = await db.insert(prizes).values(values).returning();
  return row!;
}

export async function updatePrizeRow(db: Executor, id: string, values: Partial<NewPrizeRow>) {
  await db.update(prizes).set(values).where(eq(prizes.id, id));
}

/** Counts entries added to a prize, if it still matches `terms`; its new total, or undefined. */
export async function addPrizeEntries(db: Executor, id: string, quantity: number, terms: SQL | undefined) {
  const [row] = await db
    .update(prizes)
    .set({ totalEntries: sql`${prizes.totalEntries} + ${quantity}` })
    .where(and(eq(prizes.id, id), terms))
    .returning({ totalEntries: prizes.totalEntries });
  return row?.totalEntries;
}

/** Adds to the user's entries in a prize unless that would pass the cap: their holding and pseudonym, or undefined. */
export async function addUserEntries(
  db: Executor,
  values: { prizeId: string; userId: string; quantity: number; cap: number; now: Date },
) {
  const { prizeId, userId, quantity, cap, now } = values;
  if (quantity > cap) return undefined;
  const [row] = await db
    .insert(prizeEntries)
    // The pseudonym is made with the first entry and kept by every later one.
    .values({ prizeId, userId, entries: quantity, updatedAt: now, pid: randomBytes(16).toString('hex') })
    .onConflictDoUpdate({
      target: [prizeEntries.prizeId, prizeEntries.userId],
      set: { entries: sql`${prizeEntries.entries} + ${quantity}`, updatedAt: now },
      setWhere: sql`${prizeEntries.entries} + ${quantity} <= ${cap}`,
    })
    .returning({ entries: prizeEntries.entries, pid: prizeEntries.pid });
  return row;
}

export async function userEntriesIn(db: Executor, prizeId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ entries: prizeEntries.entries })
    .from(prizeEntries)
    .where(and(eq(prizeEntries.prizeId, prizeId), eq(prizeEntries.userId, userId)));
  return row?.entries ?? 0;
}

/** Everyone holding entries in a prize, in user order, like every multi-user change, so two can never deadlock. */
export function holdersOf(db: Executor, prizeId: string) {
  return db.select().from(prizeEntries).where(eq(prizeEntries.prizeId, prizeId)).orderBy(prizeEntries.userId);
}

/** The open prizes a user holds entries in, in id order. */
export const openPrizesHeldBy = (db: Executor, userId: string, now: Date) =>
  db
    .select({ id: prizes.id, entryCost: prizes.entryCost })
    .from(prizes)
    .innerJoin(prizeEntries, and(eq(prizeEntries.prizeId, prizes.id), eq(prizeEntries.userId, userId)))
    .where(openPrizes(now))
    .orderBy(asc(prizes.id));

/** The same, locked in that order (a prize's row before any user's). */
export const lockOpenPrizesHeldBy = (db: Executor, userId: string, now: Date) =>
  openPrizesHeldBy(db, userId, now).for('update', { of: prizes });

/** Takes a user's entries out of a prize; answers how many there were. */
export async function removeHolding(db: Executor, prizeId: string, userId: string) {
  const [row] = await db
    .delete(prizeEntries)
    .where(and(eq(prizeEntries.prizeId, prizeId), eq(prizeEntries.userId, userId)))
    .returning({ entries: prizeEntries.entries });
  if (!row) return 0;
  await db
    .update(prizes)
    .set({ totalEntries: sql`${prizes.totalEntries} - ${row.entries}` })
    .where(eq(prizes.id, prizeId));
  return row.entries;
}

export async function markCancelled(db: Executor, id: string, at: Date, reason: string) {
  await db
    .update(prizes)
    .set({ status: 'cancelled', cancelledAt: at, cancelReason: reason })
    .where(and(eq(prizes.id, id), unfinishedPrizes()));
}

/** The users behind some of a prize's pseudonyms. */
export async function holdersByPid(db: Executor, prizeId: string, pids: string[]) {
  const rows = await db
    .select({ pid: prizeEntries.pid, userId: prizeEntries.userId })
    .from(prizeEntries)
    .where(and(eq(prizeEntries.prizeId, prizeId), inArray(prizeEntries.pid, pids)));
  return new Map(rows.map((r) => [r.pid, r.userId]));
}

/** Records the winners, first drawn first, and marks the prize drawn. */
export async function recordDraw(
  db: Executor,
  values: { prizeId: string; winners: Array<{ userId: string; pid: string }>; now: Date },
) {
  const { prizeId, winners, now } = values;
  await db
    .insert(wins)
    .values(
      winners.map((w, i) => ({ prizeId, userId: w.userId, pid: w.pid, position: i + 1, drawnAt: now })),
    );
  // Entries stay in a closed prize when their owner deletes the account; such a win goes to no one.
  await db
    .update(wins)
    .set({ forfeitedAt: now, forfeitReason: 'account_deleted' })
    .where(
      and(
        eq(wins.prizeId, prizeId),
        inArray(wins.userId, db.select({ id: users.id }).from(users).where(isNotNull(users.deletedAt))),
      ),
    );
  await updatePrizeRow(db, prizeId, { status: 'drawn', drawnAt: now });
}

export function winnersOf(db: Executor, prizeId: string) {
  return db
    .select({
      userId: wins.userId,
      pid: wins.pid,
      username: users.username,
      email: users.email,
      forfeited: isNotNull(wins.forfeitedAt).mapWith(Boolean),
    })
    .from(wins)
    .innerJoin(users, eq(users.id, wins.userId))
    .where(eq(wins.prizeId, prizeId))
    .orderBy(asc(wins.position));
}

/** Prizes past their end date whose snapshot is not frozen yet. */
export function unfrozenClosedPrizes(db: Executor, now: Date) {
  return db
    .select({ id: prizes.id })
    .from(prizes)
    .where(and(readyToDrawPrizes(now), isNull(prizes.snapshotAt)));
}

/** Relabels active prizes whose end date has passed as ready to draw. */
export function closeEndedPrizes(db: Executor, now: Date) {
  return db
    .update(prizes)
    .set({ status: 'ready_to_draw' })
    .where(and(eq(prizes.status, 'active'), readyToDrawPrizes(now)))
    .returning({ id: prizes.id });
}

export function prizeIds(db: Executor, where: SQL | undefined) {
  return db.select({ id: prizes.id }).from(prizes).where(where);
}

/** Winners, newest first, with the names as stored; callers mask them before they leave the server. */
/**
 * Who holds each place now, newest draw first and each draw's places in order, from `from` on (a
 * page's last draw time, place and prize): along the index of held wins, however many there are.
 */
export function latestWins(db: Executor, limit: number, from?: readonly [string, number, string]) {
  return db
    .select({
      username: users.username,
      publicName: wins.publicName,
      prizeId: prizes.id,
      prizeTitle: prizes.title,
      valuePence: prizes.valuePence,
      drawnAt: wins.drawnAt,
      at: exactTime(wins.drawnAt),
      position: wins.position,
    })
    .from(wins)
    .innerJoin(users, eq(users.id, wins.userId))
    .innerJoin(prizes, eq(prizes.id, wins.prizeId))
    .where(
      and(
        // Who holds each place now: a disqualified or forfeited winner is not a winner (DESIGN §13).
        isNull(wins.forfeitedAt),
        from &&
          sql`${wins.drawnAt} <= ${from[0]} and (${wins.drawnAt} < ${from[0]} or (${wins.position}, ${wins.prizeId}) > (${from[1]}, ${from[2]}))`,
      ),
    )
    .orderBy(desc(wins.drawnAt), asc(wins.position), asc(wins.prizeId))
    .limit(limit);
}
