import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { TicketStatus } from '../../../contract/operator-rules';
import type { Executor } from '../../db/client';
import { contactMessages, contactReplies, users } from '../../db/schema';
import { afterKey, exactTime } from '../../lib/cursor';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(db: Executor, values: typeof contactMessages.$inferInsert) {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!;
}

/** The member a message is from. */
const sender = { id: users.id, username: users.username };

export async function memberById(db: Executor, id: string | null) {
  if (!id) return null;
  const [row] = await db.select(sender).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Whose a message sent without signing in is: the member whose verified address it came from, if any. */
export async function memberByVerifiedEmail(db: Executor, email: string) {
  const [row] = await db
    .select(sender)
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt)));
  return row ?? null;
}

/** Whether the member's address is verified. */
export async function isVerified(db: Executor, userId: string) {
  const [row] = await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.at);
}

/** A page of one member's messages, newest first. */
export function messagesOf(
  db: Executor,
  userId: string,
  from: readonly [string, string] | undefined,
  take: number,
) {
  return db
    .select({ message: contactMessages, at: exactTime(contactMessages.createdAt) })
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.userId, userId),
        afterKey([contactMessages.createdAt, contactMessages.id], from),
      ),
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(take);
}

/** A page of the inbox, newest first, of one status or all. */
export function inbox(
  db: Executor,
  status: TicketStatus | undefined,
  from: readonly [string, string] | undefined,
  take: number,
) {
  return db
    .select({ message: contactMessages, at: exactTime(contactMessages.createdAt), member: sender })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .where(
      and(
        status ? eq(contactMessages.status, status) : undefined,
        afterKey([contactMessages.createdAt, contactMessages.id], from),
      ),
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(take);
}

export async function countOpen(db: Executor) {
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(eq(contactMessages.status, 'open'));
  return row?.n ?? 0;
}

/** The answers to these messages, oldest first, with who wrote them. */
export function repliesTo(db: Executor, messageIds: string[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select({ reply: contactReplies, admin: { id: users.id, username: users.username } })
    .from(contactReplies)
    .innerJoin(users, eq(users.id, contactReplies.adminId))
    .where(inArray(contactReplies.messageId, messageIds))
    .orderBy(asc(contactReplies.at), asc(contactReplies.id));
}

export async function findMessage(db: Executor, id: string) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  return row;
}

export async function setStatus(db: Executor, id: string, status: TicketStatus, now: Date) {
  await db.update(contactMessages).set({ status, updatedAt: now }).where(eq(contactMessages.id, id));
}

export async function insertReply(db: Executor, values: typeof contactReplies.$inferInsert) {
  const [row] = await db.insert(contactReplies).values(values).returning({ id: contactReplies.id });
  return row!.id;
}
