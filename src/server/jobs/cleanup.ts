import { and, inArray, lt, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures, mailOutbox, sessions } from '../db/schema';
import type { Clock } from '../lib/clock';

const DAY = 86_400_000;

/** The daily tidy-up: expired sessions, stale sign-in failure counts, old sent or failed mail. */
export async function runCleanup(db: Db, clock: Clock) {
  const now = clock.now();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const [s, f, m] = await Promise.all([
    db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.tokenHash }),
    db
      .delete(loginFailures)
      .where(lt(loginFailures.windowStartedAt, ago(1)))
      .returning({ id: loginFailures.email }),
    db
      .delete(mailOutbox)
      .where(and(inArray(mailOutbox.status, ['sent', 'failed']), lt(mailOutbox.createdAt, ago(90))))
      .returning({ id: mailOutbox.id }),
  ]);
  return { sessions: s.length, loginFailures: f.length, mail: m.length };
}
