import { desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** How many answered messages the inbox keeps showing; every unanswered one is always shown. */
const HANDLED_SHOWN = 100;

export async function insertContactMessage(db: Executor, values: typeof contactMessages.$inferInsert) {
  await db.insert(contactMessages).values(values);
}

/** The inbox, newest first: every message still to answer, and the latest answered ones. */
export async function inbox(db: Executor): Promise<ContactMessageRow[]> {
  const newest = desc(contactMessages.createdAt);
  const [open, handled] = await Promise.all([
    db.select().from(contactMessages).where(isNull(contactMessages.handledAt)).orderBy(newest),
    db
      .select()
      .from(contactMessages)
      .where(isNotNull(contactMessages.handledAt))
      .orderBy(newest)
      .limit(HANDLED_SHOWN),
  ]);
  return [...open, ...handled].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** Marks a message handled (keeping when it first was) or not handled; undefined when there is no such message. */
export async function setHandled(db: Executor, id: string, handled: boolean, now: Date) {
  const [row] = await db
    .update(contactMessages)
    .set({ handledAt: handled ? sql`coalesce(${contactMessages.handledAt}, ${now})` : null })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}
