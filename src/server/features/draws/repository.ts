import { and, asc, eq, gt, gte, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prizeEntries, prizes, users, wins } from '../../db/schema';

/** The prize row, locked until the transaction ends, so two draws of one prize run one after the other. */
export async function lockPrize(db: Executor, id: string) {
  const [row] = await db.select().from(prizes).where(eq(prizes.id, id)).for('update');
  return row;
}

export function participantsOf(db: Executor, prizeId: string) {
  return db
    .select({ _id: prizeEntries.userId, entries: prizeEntries.entries, username: users.username })
    .from(prizeEntries)
    .innerJoin(users, eq(users.id, prizeEntries.userId))
    .where(eq(prizeEntries.prizeId, prizeId));
}

export async function recordDraw(
  db: Executor,
  values: {
    prizeId: string;
    winnerIds: string[];
    snapshotHash: string;
    participants: Array<{ _id: string; username: string; entries: number }>;
    now: Date;
  },
) {
  const { prizeId, winnerIds, snapshotHash, participants, now } = values;
  await db
    .insert(wins)
    .values(winnerIds.map((userId, i) => ({ prizeId, userId, position: i + 1, drawnAt: now })));
  await db
    .update(prizes)
    .set({ status: 'drawn', drawnAt: now, snapshotHash, drawParticipants: participants })
    .where(eq(prizes.id, prizeId));
}

export function winnersOf(db: Executor, prizeId: string) {
  return db
    .select({ userId: wins.userId, username: users.username, email: users.email })
    .from(wins)
    .innerJoin(users, eq(users.id, wins.userId))
    .where(eq(wins.prizeId, prizeId))
    .orderBy(asc(wins.position));
}

/** Active prizes whose closing time has passed become ready to draw. */
export async function closeEndedPrizes(db: Executor, now: Date) {
  return db
    .update(prizes)
    .set({ status: 'ready_to_draw' })
    .where(and(eq(prizes.status, 'active'), lte(prizes.endDate, now)))
    .returning({ id: prizes.id });
}

/** Prizes an admin can draw now: ready ones, and active ones whose closing time has passed. */
export const readyToDrawCondition = (now: Date) =>
  or(eq(prizes.status, 'ready_to_draw'), and(eq(prizes.status, 'active'), lte(prizes.endDate, now)));

export function readyPrizeIds(db: Executor, drawDay: string) {
  return (
    db
      .select({ id: prizes.id })
      .from(prizes)
      // Prizes nobody entered, or short of their minimum, wait without being retried every hour.
      .where(
        and(
          eq(prizes.status, 'ready_to_draw'),
          eq(prizes.drawDay, drawDay),
          gt(prizes.totalEntries, 0),
          gte(prizes.totalEntries, prizes.minimumEntries),
        ),
      )
  );
}
