import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(db: Executor, values: typeof contactMessages.$inferInsert) {
  await db.insert(contactMessages).values(values);
}

/** The inbox, newest first. */
export function latestMessages(db: Executor, limit = 200) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}

export async function setHandledAt(db: Executor, id: string, handledAt: Date | null) {
  const [row] = await db
    .update(contactMessages)
    .set({ handledAt })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}
