import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema';
import type { Notice } from './notices';

/**
 * Tells a member something, in the caller's transaction, so the notification
 * exists exactly when the event does. A notice already given (the same key)
 * is given nothing more. Email and push follow from the dispatcher (sending.ts);
 * the member's open pages hear of it at commit (a trigger announces it).
 * Answers whether this call created it.
 */
export async function notify(db: Executor, userId: string, notice: Notice, at: Date): Promise<boolean> {
  const created = await db
    .insert(notifications)
    .values({ userId, ...notice, createdAt: at })
    .onConflictDoNothing({ target: [notifications.userId, notifications.key] })
    .returning({ id: notifications.id });
  return created.length > 0;
}

/** The same notice for many members at once (a prize's participants, say), each once; answers how many were new. */
export async function notifyMany(
  db: Executor,
  items: Array<{ userId: string; notice: Notice }>,
  at: Date,
): Promise<number> {
  if (items.length === 0) return 0;
  const created = await db
    .insert(notifications)
    .values(items.map(({ userId, notice }) => ({ userId, ...notice, createdAt: at })))
    .onConflictDoNothing({ target: [notifications.userId, notifications.key] })
    .returning({ id: notifications.id });
  return created.length;
}
