import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { streaks } from '../../db/schema';

export async function streakOf(db: Executor, userId: string) {
  const [row] = await db.select().from(streaks).where(eq(streaks.userId, userId));
  return row;
}

export async function saveStreak(db: Executor, values: typeof streaks.$inferInsert) {
  await db
    .insert(streaks)
    .values(values)
    .onConflictDoUpdate({
      target: streaks.userId,
      set: { current: values.current, longest: values.longest, lastDay: values.lastDay },
    });
}
