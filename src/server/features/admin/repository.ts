import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prizes, tasks, users, wins } from '../../db/schema';

export async function stats(db: Executor) {
  const [[u], [p], [t]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db
      .select({
        total: count(),
        drawn: sql<number>`count(*) filter (where ${prizes.status} = 'drawn')`.mapWith(Number),
        active: sql<number>`count(*) filter (where ${prizes.status} = 'active')`.mapWith(Number),
        valuePence:
          sql<number>`coalesce(sum(${prizes.valuePence}) filter (where ${prizes.status} <> 'cancelled'), 0)`.mapWith(
            Number,
          ),
      })
      .from(prizes),
    db.select({ n: count() }).from(tasks),
  ]);
  return {
    totalUsers: u!.n,
    totalPrizes: p!.total,
    drawnPrizes: p!.drawn,
    activePrizes: p!.active,
    totalPrizeValue: p!.valuePence / 100,
    totalTasks: t!.n,
  };
}

export function allWins(db: Executor) {
  return db
    .select({
      win: wins,
      user: { id: users.id, username: users.username, email: users.email },
      prize: prizes,
    })
    .from(wins)
    .innerJoin(users, eq(users.id, wins.userId))
    .innerJoin(prizes, eq(prizes.id, wins.prizeId))
    .orderBy(desc(wins.drawnAt), wins.position)
    .limit(500);
}

/** Marks a win notified; false when there is no such win. Marking twice is harmless. */
export async function markNotified(db: Executor, prizeId: string, userId: string, now: Date) {
  const rows = await db
    .update(wins)
    .set({ notified: true, notifiedAt: sql`coalesce(${wins.notifiedAt}, ${now})` })
    .where(and(eq(wins.prizeId, prizeId), eq(wins.userId, userId)))
    .returning({ prizeId: wins.prizeId });
  return rows.length > 0;
}
