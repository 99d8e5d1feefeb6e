import { and, inArray, isNotNull, lt, lte, or } from 'drizzle-orm';
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
  const [s, f, t, m, l, i, k, a, n] = await Promise.all([
    db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.tokenHash }),
    db
      .delete(loginFailures)
      .where(lt(loginFailures.windowStartedAt, ago(DAY_MS)))
      .returning({ id: loginFailures.email }),
    db
      .delete(adTickets)
      .where(or(isNotNull(adTickets.usedAt), lt(adTickets.issuedAt, ago(AD_TICKET_HOURS * HOUR_MS))))
      .returning({ id: adTickets.ticketHash }),
    db
      .delete(mailOutbox)
      .where(
        and(
          inArray(mailOutbox.status, ['sent', 'failed']),
          lt(mailOutbox.createdAt, ago(MAIL_KEPT_DAYS * DAY_MS)),
        ),
      )
      .returning({ id: mailOutbox.id }),
    db
      .delete(accountTokens)
      .where(or(isNotNull(accountTokens.usedAt), lte(accountTokens.expiresAt, now)))
      .returning({ id: accountTokens.tokenHash }),
    db.delete(usedIdTokens).where(lte(usedIdTokens.expiresAt, now)).returning({ id: usedIdTokens.tokenHash }),
    db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, ago(IDEMPOTENCY_KEPT_MS)))
      .returning({ id: idempotencyKeys.key }),
    // A day's active members are counted as the day goes; who they were is needed only that day.
    db
      .delete(dailyActive)
      .where(lt(dailyActive.day, addDays(londonDay(now), -1)))
      .returning({ id: dailyActive.userId }),
    db
      .delete(notifications)
      .where(lt(notifications.readAt, ago(READ_NOTIFICATIONS_KEPT_DAYS * DAY_MS)))
      .returning({ id: notifications.id }),
  ]);
  return {
    sessions: s.length,
    loginFailures: f.length,
    adTickets: t.length,
    mail: m.length,
    emailLinks: l.length,
    idTokens: i.length,
    idempotencyKeys: k.length,
    activityMarks: a.length,
    readNotifications: n.length,
  };
}
