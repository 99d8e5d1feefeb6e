import type { z } from 'zod';
import type {
  Notification,
  NotificationTopic,
  Preferences,
  preferencesUpdate,
} from '../../../contract/notifications';
import { NOTIFICATIONS_PAGE_SIZE, TOPIC_LABELS } from '../../../contract/notifications';
import type { Db } from '../../db/client';
import type { notifications } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { cursorKeys, decodeCursor, page } from '../../lib/cursor';
import * as repo from './repository';
import type { SiteKeys } from './site-keys';
import { readUnsubscribeToken } from './unsubscribe-token';

type NotificationRow = Pick<
  typeof notifications.$inferSelect,
  'id' | 'type' | 'title' | 'body' | 'link' | 'createdAt' | 'readAt'
>;

export const presentNotification = (n: NotificationRow): Notification => ({
  _id: String(n.id),
  type: n.type,
  title: n.title,
  body: n.body,
  link: n.link,
  createdAt: n.createdAt.toISOString(),
  readAt: n.readAt?.toISOString() ?? null,
});

/** A page of the member's notifications, newest first, with how many are unread. */
export async function notificationsOf(db: Db, userId: string, cursor: string | undefined) {
  const key = decodeCursor(cursor, cursorKeys.timeAndSerial);
  const rows = await repo.notificationsPage(db, userId, key, NOTIFICATIONS_PAGE_SIZE + 1);
  const { items, nextCursor } = page(
    rows,
    presentNotification,
    (n) => [n.cursorAt, String(n.id)],
    NOTIFICATIONS_PAGE_SIZE,
  );
  return { notifications: items, unread: await repo.unreadOf(db, userId), nextCursor };
}

export async function markRead(
  db: Db,
  clock: Clock,
  userId: string,
  body: { ids: string[] } | { all: true },
) {
  await repo.markRead(db, userId, 'all' in body ? 'all' : body.ids.map(Number), clock.now());
  return { unread: await repo.unreadOf(db, userId) };
}

/**
 * Changes some of a member's switches. Ticking news by email is their consent
 * to marketing (PECR), so when they gave it is kept; unticking withdraws it.
 */
export async function updatePreferences(
  db: Db,
  clock: Clock,
  userId: string,
  update: z.infer<typeof preferencesUpdate>,
): Promise<Preferences> {
  return db.transaction(async (tx) => {
    const current = await repo.preferencesOf(tx, userId);
    const next = {
      email: { ...current.email, ...update.email },
      push: { ...current.push, ...update.push },
    };
    const now = clock.now();
    const [saved] = await repo.newsConsentOf(tx, userId);
    const consent = next.email.news ? (current.email.news ? (saved?.at ?? now) : now) : null;
    await repo.savePreferences(tx, userId, next, now, consent);
    return next;
  });
}

/** Turns one topic's email off for the member a signed link names, without signing in (DESIGN §9). */
export async function unsubscribe(db: Db, clock: Clock, keys: SiteKeys, token: string) {
  const named = readUnsubscribeToken(await keys.unsubscribe(), token);
  if (!named) throw badRequest('That unsubscribe link is not valid', 'bad_token');
  const topic: NotificationTopic = named.topic;
  await updatePreferences(db, clock, named.userId, { email: { [topic]: false } });
  return {
    topic,
    message: `You will no longer get "${TOPIC_LABELS[topic].label}" emails. You can turn them back on in your account.`,
  };
}
