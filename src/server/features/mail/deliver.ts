import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { claimDueMail, markFailedAttempt, markSent } from './outbox';

export const MAX_ATTEMPTS = 5;
const BATCH = 20;

export function smtpTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}

/** Waits 1, 2, 4, 8 minutes between attempts, then gives up and leaves the email marked failed. */
const retryDelayMs = (attempt: number) => 60_000 * 2 ** (attempt - 1);

/**
 * Sends what is due. Each email is claimed, sent and marked in its own
 * transaction; a crash between sending and marking can send one twice, never lose one.
 */
export async function deliverDueMail(db: Db, clock: Clock, transport: Transporter, from: string) {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const handled = await db.transaction(async (tx) => {
      const [mail] = await claimDueMail(tx, clock.now(), 1);
      if (!mail) return false;
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        await markSent(tx, mail.id, clock.now());
        sent++;
      } catch (err) {
        const attempt = mail.attempts + 1;
        const retryAt =
          attempt < MAX_ATTEMPTS ? new Date(clock.now().getTime() + retryDelayMs(attempt)) : null;
        await markFailedAttempt(tx, mail.id, err instanceof Error ? err.message : String(err), retryAt);
        failed++;
      }
      return true;
    });
    if (!handled || sent + failed >= BATCH) return { sent, failed };
  }
}
