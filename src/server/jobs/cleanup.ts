import { and, inArray, isNotNull, lt, lte, or } from 'drizzle-orm';
import { AD_TICKET_HOURS, DAY_MS, HOUR_MS } from '../../contract/constants';
import type { Db } from '../db/client';
import { accountTokens, adTickets, loginFailures, mailOutbox, sessions, usedIdTokens } from '../db/schema';
import type { Clock } from '../lib/clock';

/** How long sent and failed mail stays readable in the admin outbox. */
const MAIL_KEPT_DAYS = 90;

/**
 * The daily tidy-up: expired sessions, stale sign-in failure counts, used and
 * expired video tickets and emailed links, spent ID tokens past their expiry,
 * old sent or failed mail.
 */
export async function runCleanup(db: Db, clock: Clock) {
  const now = clock.now();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const [s, f, t, m, l, i] = await Promise.all([
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
  ]);
  return {
    sessions: s.length,
    loginFailures: f.length,
    adTickets: t.length,
    mail: m.length,
    emailLinks: l.length,
    idTokens: i.length,
  };
}
