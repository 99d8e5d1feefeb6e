import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { ForfeitReason } from '../../../contract/wins';
import type { Executor } from '../../db/client';
import { drawReplacements, prizes, users, wins } from '../../db/schema';
import { notSuspendedSql } from '../accounts/sign-in-rules';

/** The SQL of a drawn prize's passed-on places (DESIGN §8), and the wins they change. */

export type ReplacementRow = typeof drawReplacements.$inferSelect;
export type WinRow = typeof wins.$inferSelect;

export const replacementsOf = (db: Executor, prizeId: string) =>
  db
    .select()
    .from(drawReplacements)
    .where(eq(drawReplacements.prizeId, prizeId))
    .orderBy(asc(drawReplacements.seq));

export async function insertReplacement(db: Executor, values: typeof drawReplacements.$inferInsert) {
  await db.insert(drawReplacements).values(values);
}

export async function findWin(db: Executor, prizeId: string, userId: string) {
  const [row] = await db
    .select()
    .from(wins)
    .where(and(eq(wins.prizeId, prizeId), eq(wins.userId, userId)));
  return row;
}

export const winsOfPrize = (db: Executor, prizeId: string) =>
  db.select().from(wins).where(eq(wins.prizeId, prizeId));

/** Takes a win away (a claimed one too, when a winner is disqualified), keeping an earlier forfeit's reason. */
export async function forfeit(
  db: Executor,
  prizeId: string,
  userId: string,
  reason: ForfeitReason,
  now: Date,
) {
  await db
    .update(wins)
    .set({
      forfeitedAt: sql`coalesce(${wins.forfeitedAt}, ${now})`,
      forfeitReason: sql`coalesce(${wins.forfeitReason}, ${reason})`,
    })
    .where(and(eq(wins.prizeId, prizeId), eq(wins.userId, userId)));
}

export async function insertWin(db: Executor, values: typeof wins.$inferInsert) {
  await db.insert(wins).values(values);
}

/** Who among these holders may win: not deleted, not suspended now, not staff. */
export async function eligibleAmong(db: Executor, userIds: string[], now: Date) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(inArray(users.id, userIds), isNull(users.deletedAt), isNull(users.staffRole), notSuspendedSql(now)),
    );
  return new Set(rows.map((r) => r.id));
}

/** Wins of drawn prizes not claimed in time and not forfeited yet: the daily job passes them on. */
export const unclaimedSince = (db: Executor, drawnBefore: Date, limit: number) =>
  db
    .select({ prizeId: wins.prizeId, userId: wins.userId })
    .from(wins)
    .innerJoin(prizes, eq(prizes.id, wins.prizeId))
    .where(
      and(
        eq(prizes.status, 'drawn'),
        isNull(wins.claimedAt),
        isNull(wins.forfeitedAt),
        lt(wins.drawnAt, drawnBefore),
      ),
    )
    .orderBy(asc(wins.drawnAt))
    .limit(limit);
