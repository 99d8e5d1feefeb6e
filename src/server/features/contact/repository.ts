import type { Executor } from '../../db/client';
import { contactMessages } from '../../db/schema';

export async function insertContactMessage(db: Executor, values: typeof contactMessages.$inferInsert) {
  await db.insert(contactMessages).values(values);
}
