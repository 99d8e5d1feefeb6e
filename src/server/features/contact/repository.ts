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

/** The member whose verified address a message came from. */
const sender = { id: users.id, username: users.username };

export async function memberByVerifiedEmail(db: Executor, email: string) {
  const [row] = await db
    .select(sender)
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt)));
  return row ?? null;
}

/** The member's address, when verified: the messages from it are theirs. */
export async function verifiedEmailOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt)));
  return row?.email ?? null;
}

/** A page of the messages from one address, newest first. */
export function messagesFrom(
  db: Executor,
  email: string,
  from: readonly [string, string] | undefined,
  take: number,
) {
  return db
    .select({ message: contactMessages, at: exactTime(contactMessages.createdAt) })
    .from(contactMessages)
    .where(
      and(eq(contactMessages.email, email), afterKey([contactMessages.createdAt, contactMessages.id], from)),
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
    .leftJoin(users, and(eq(users.email, contactMessages.email), isNotNull(users.emailVerifiedAt)))
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
