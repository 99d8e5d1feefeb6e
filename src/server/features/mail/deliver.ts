import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { claimDueMail, lease, markFailedAttempt, markSent } from './outbox';

export const MAX_ATTEMPTS = 5;
const BATCH = 20;

export function smtpTransport(smtpUrl: string): Transporter {
  // A slow or dead mail server must fail an attempt, not hold a worker for minutes.
  const url = new URL(smtpUrl);
  for (const [key, value] of Object.entries({
    connectionTimeout: '30000',
    greetingTimeout: '30000',
    socketTimeout: '30000',
  })) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return nodemailer.createTransport(url.href);
}

/** Waits 1, 2, 4, 8 minutes between attempts, then gives up and leaves the email marked failed. */
const retryDelayMs = (attempt: number) => 60_000 * 2 ** (attempt - 1);
/** How long a claimed email is left alone while it is being sent; a worker that dies frees it after this. */
const LEASE_MS = 5 * 60_000;

/**
 * Sends what is due. An email is claimed and leased in one short transaction,
 * sent with no transaction open (the embedded database serves one transaction
 * at a time), then marked. A crash mid-send can send one twice, never lose one.
 */
export async function deliverDueMail(db: Db, clock: Clock, transport: Transporter, from: string) {
  let sent = 0;
  let failed = 0;
  while (sent + failed < BATCH) {
    const mail = await db.transaction(async (tx) => {
      const [due] = await claimDueMail(tx, clock.now(), 1);
      if (due) await lease(tx, due.id, new Date(clock.now().getTime() + LEASE_MS));
      return due;
    });
    if (!mail) break;
    try {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        headers: mail.headers ?? undefined,
      });
      await markSent(db, mail.id, clock.now());
      sent++;
    } catch (err) {
      const attempt = mail.attempts + 1;
      const retryAt = attempt < MAX_ATTEMPTS ? new Date(clock.now().getTime() + retryDelayMs(attempt)) : null;
      await markFailedAttempt(
        db,
        mail.id,
        err instanceof Error ? err.message : String(err),
        clock.now(),
        retryAt,
      );
      failed++;
    }
  }
  return { sent, failed };
}
