import { and, inArray, isNotNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AD_TICKET_HOURS, DAY_MS, HOUR_MS } from '../../contract/constants';
import type { Db } from '../db/client';
import {
  accountTokens,
  adTickets,
  dailyActive,
  idempotencyKeys,
  loginFailures,
  mailOutbox,
  notifications,
  sessions,
  usedIdTokens,
} from '../db/schema';
import type { Clock } from '../lib/clock';
import { addDays, londonDay } from '../lib/london';

/** How long sent and failed mail stays readable in the admin outbox. */
const MAIL_KEPT_DAYS = 90;
/** How long a notification stays on a member's list once read. */
const READ_NOTIFICATIONS_KEPT_DAYS = 180;
/** How long a retry with the same Idempotency-Key gets the same answer (Stripe keeps them as long). */
const IDEMPOTENCY_KEPT_MS = DAY_MS;

/**
 * The daily tidy-up: expired sessions, stale sign-in failure counts, used and
 * expired video tickets and emailed links, spent ID tokens past their expiry,
 * old sent or failed mail, Idempotency-Keys past a day, yesterday's marks
 * of who was active, and notifications read half a year ago.
 */
export async function runCleanup(db: Db, clock: Clock) {
  const now = clock.now();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return {
    sessions: await deleteInBatches(db, sessions, sessions.tokenHash, lte(sessions.expiresAt, now)),
    loginFailures: await deleteInBatches(
      db,
      loginFailures,
      loginFailures.email,
      lt(loginFailures.windowStartedAt, ago(DAY_MS)),
    ),
    adTickets: await deleteInBatches(
      db,
      adTickets,
      adTickets.ticketHash,
      or(isNotNull(adTickets.usedAt), lt(adTickets.issuedAt, ago(AD_TICKET_HOURS * HOUR_MS)))!,
    ),
    mail: await deleteInBatches(
      db,
      mailOutbox,
      mailOutbox.id,
      and(
        inArray(mailOutbox.status, ['sent', 'failed']),
        lt(mailOutbox.createdAt, ago(MAIL_KEPT_DAYS * DAY_MS)),
      )!,
    ),
    emailLinks: await deleteInBatches(
      db,
      accountTokens,
      accountTokens.tokenHash,
      or(isNotNull(accountTokens.usedAt), lte(accountTokens.expiresAt, now))!,
    ),
    idTokens: await deleteInBatches(
      db,
      usedIdTokens,
      usedIdTokens.tokenHash,
      lte(usedIdTokens.expiresAt, now),
    ),
    idempotencyKeys: await deleteInBatches(
      db,
      idempotencyKeys,
      idempotencyKeys.key,
      lt(idempotencyKeys.createdAt, ago(IDEMPOTENCY_KEPT_MS)),
    ),
    // A day's active members are counted as the day goes; who they were is needed only that day.
    activityMarks: await deleteInBatches(
      db,
      dailyActive,
      dailyActive.userId,
      lt(dailyActive.day, addDays(londonDay(now), -1)),
    ),
    readNotifications: await deleteInBatches(
      db,
      notifications,
      notifications.id,
      lt(notifications.readAt, ago(READ_NOTIFICATIONS_KEPT_DAYS * DAY_MS)),
    ),
  };
}

/** Rows a clean-up statement deletes at most. */
export const CLEANUP_BATCH = 5_000;

/**
 * Deletes what `where` matches, CLEANUP_BATCH rows a statement: on a large
 * site a day's expired sessions or activity marks are hundreds of thousands of
 * rows, which one statement would lock, and return, all at once. `key` picks
 * each batch; it need not be unique, as every row deleted matches `where`.
 */
async function deleteInBatches(db: Db, table: PgTable, key: PgColumn, where: SQL): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = db.select({ key }).from(table).where(where).limit(CLEANUP_BATCH);
    const gone = await db
      .delete(table)
      .where(and(where, inArray(key, batch)))
      .returning({ key });
    deleted += gone.length;
    if (gone.length < CLEANUP_BATCH) return deleted;
  }
}
