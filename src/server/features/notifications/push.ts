import type { Agent } from 'node:https';
import { asc, eq, lte } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { HOUR_MS, MINUTE_MS } from '../../../contract/constants';
import type { Db } from '../../db/client';
import { notifications, pushDeliveries, pushSubscriptions } from '../../db/schema';
import type { SiteKeys } from './site-keys';

export const PUSH_ATTEMPTS = 5;
const BATCH = 50;
/** How long a claimed push is left alone while it is sent; a worker that dies frees it after this. */
const LEASE_MS = 5 * MINUTE_MS;
/** A push still undelivered after this is not worth showing: the push service may drop it. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const retryDelayMs = (attempt: number) => Math.min(MINUTE_MS * 2 ** (attempt - 1), HOUR_MS);

/**
 * Whether pushes may go to this endpoint: https on the standard port, on a
 * push service named in PUSH_SERVICE_HOSTS (the host itself, or below it); a
 * name listed with a port (`127.0.0.1:8443`, a test push service) allows that
 * port on that host alone. Anything else would let a member make the server
 * call an address and port of their choosing, inside our network too.
 */
export function pushServiceAllowed(endpoint: string, hosts: string[]) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  if (url.port) return hosts.includes(`${host}:${url.port}`);
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

export interface Pushing {
  db: Db;
  /** PUSH_SERVICE_HOSTS: a subscription elsewhere (saved before it changed) is dropped, not called. */
  hosts: string[];
  keys: SiteKeys;
  subject: string;
  now: () => Date;
  agent?: Agent;
}

/** What the service worker shows (public/sw.js). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * Sends the pushes that are due through each browser's push service, with
 * VAPID, encrypted for that browser (web-push). A push is claimed and leased
 * in a short transaction and sent outside one, like the mail. A subscription
 * the push service no longer knows (404, 410) is deleted with what was queued
 * for it; any other failure is tried again later, PUSH_ATTEMPTS times in all.
 */
export async function deliverDuePush(p: Pushing) {
  const vapid = await p.keys.vapid();
  let sent = 0;
  let failed = 0;
  let gone = 0;
  while (sent + failed + gone < BATCH) {
    const due = await p.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ delivery: pushDeliveries, subscription: pushSubscriptions, n: notifications })
        .from(pushDeliveries)
        .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
        .innerJoin(notifications, eq(notifications.id, pushDeliveries.notificationId))
        .where(lte(pushDeliveries.nextAttemptAt, p.now()))
        .orderBy(asc(pushDeliveries.nextAttemptAt), asc(pushDeliveries.id))
        .limit(1)
        .for('update', { of: pushDeliveries, skipLocked: true });
      if (row)
        await tx
          .update(pushDeliveries)
          .set({ nextAttemptAt: new Date(p.now().getTime() + LEASE_MS) })
          .where(eq(pushDeliveries.id, row.delivery.id));
      return row;
    });
    if (!due) break;
    const { delivery, subscription, n } = due;
    if (!pushServiceAllowed(subscription.endpoint, p.hosts)) {
      await p.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      gone++;
      continue;
    }
    const payload: PushPayload = { title: n.title, body: n.body, url: n.link, tag: `notification-${n.id}` };
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: p.subject, ...vapid },
          TTL: PUSH_TTL_SECONDS,
          urgency: n.type === 'win' ? 'high' : 'normal',
          timeout: 30_000,
          agent: p.agent,
        },
      );
      await p.db.delete(pushDeliveries).where(eq(pushDeliveries.id, delivery.id));
      sent++;
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : undefined;
      if (status === 404 || status === 410) {
        await p.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        gone++;
        continue;
      }
      const attempt = delivery.attempts + 1;
      const error = `${status ?? ''} ${err instanceof Error ? err.message : String(err)}`
        .trim()
        .slice(0, 500);
      if (attempt >= PUSH_ATTEMPTS) {
        await p.db.delete(pushDeliveries).where(eq(pushDeliveries.id, delivery.id));
      } else {
        await p.db
          .update(pushDeliveries)
          .set({
            attempts: attempt,
            lastError: error,
            nextAttemptAt: new Date(p.now().getTime() + retryDelayMs(attempt)),
          })
          .where(eq(pushDeliveries.id, delivery.id));
      }
      failed++;
    }
  }
  return { sent, failed, gone };
}
