import { and, count, desc, eq, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** Queues an email in the caller's transaction: it is sent only if what caused it is committed. */
export async function queueMail(db: Executor, mail: Mail) {
  // Due at once, whatever any clock says; only retries are scheduled for later.
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...mail, nextAttemptAt: new Date(0) })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** A page of the outbox, newest first, before the mail with id `before`. */
export function recentMail(db: Executor, before: number | undefined, take: number) {
  return db
    .select()
    .from(mailOutbox)
    .where(before ? lt(mailOutbox.id, before) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(take);
}

/** Claims up to `limit` due emails; SKIP LOCKED lets several workers share the queue without sending one twice. */
export function claimDueMail(db: Executor, now: Date, limit: number) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(mailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function lease(db: Executor, id: number, until: Date) {
  await db.update(mailOutbox).set({ nextAttemptAt: until }).where(eq(mailOutbox.id, id));
}

export async function markSent(db: Executor, id: number, now: Date) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, lastAttemptAt: now, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(eq(mailOutbox.id, id));
}

export async function markFailedAttempt(
  db: Executor,
  id: number,
  error: string,
  at: Date,
  retryAt: Date | null,
) {
  await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: error.slice(0, 500),
      lastAttemptAt: at,
      ...(retryAt ? { nextAttemptAt: retryAt } : { status: 'failed' as const }),
    })
    .where(eq(mailOutbox.id, id));
}

/**
 * The mail queued in the last day, by status, and the last attempt that failed. The day is the
 * database's, as the time mail is queued is (the column's default).
 */
export async function mailHealth(db: Executor) {
  const counts = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(gte(mailOutbox.createdAt, sql`now() - interval '1 day'`))
    .groupBy(mailOutbox.status);
  const [lastError] = await db
    .select({ message: mailOutbox.lastError, at: mailOutbox.lastAttemptAt, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(isNotNull(mailOutbox.lastError), isNotNull(mailOutbox.lastAttemptAt)))
    .orderBy(desc(mailOutbox.lastAttemptAt))
    .limit(1);
  const of = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
  return {
    last24h: { waiting: of('pending'), sent: of('sent'), failed: of('failed') },
    lastError: lastError
      ? { message: lastError.message!, at: lastError.at!.toISOString(), subject: lastError.subject }
      : null,
  };
}
