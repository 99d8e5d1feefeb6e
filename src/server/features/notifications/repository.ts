import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { DEFAULT_PREFERENCES, type Preferences, type TopicSwitches } from '../../../contract/notifications';
import type { Executor } from '../../db/client';
import { notificationPreferences, notifications, pushSubscriptions } from '../../db/schema';
import { afterKey, exactTime } from '../../lib/cursor';

export type NotificationRow = typeof notifications.$inferSelect & { cursorAt: string };

/** A member's notifications, newest first, after the cursor's key (its index serves any depth). */
export function notificationsPage(
  db: Executor,
  userId: string,
  key: readonly [string, string] | undefined,
  take: number,
) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      cursorAt: exactTime(notifications.createdAt),
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), afterKey([notifications.createdAt, notifications.id], key)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(take);
}

/** The member's notifications after the one with id `afterId`, made since `since`, oldest first. */
export function notificationsAfter(db: Executor, userId: string, afterId: number, since: Date) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        gt(notifications.id, afterId),
        gt(notifications.createdAt, since),
      ),
    )
    .orderBy(asc(notifications.id))
    .limit(MISSED_EVENTS_LIMIT);
}

/** The most missed notifications a reconnect is sent; older ones are on the notifications page. */
const MISSED_EVENTS_LIMIT = 100;

export async function unreadOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the member's own notifications read: `ids` among them, or all. Someone else's ids change nothing. */
export async function markRead(db: Executor, userId: string, which: number[] | 'all', at: Date) {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        which === 'all' ? undefined : inArray(notifications.id, which),
      ),
    );
}

export type Channel = keyof Preferences;

/** A member's saved choices over the defaults: no row, or a topic added after it was saved, takes the default. */
export const withDefaults = (
  saved: Partial<{ [C in Channel]: Partial<TopicSwitches> | null }>,
): Preferences => ({
  email: { ...DEFAULT_PREFERENCES.email, ...saved.email },
  push: { ...DEFAULT_PREFERENCES.push, ...saved.push },
});

export async function preferencesOf(db: Executor, userId: string): Promise<Preferences> {
  const [row] = await db
    .select({ email: notificationPreferences.email, push: notificationPreferences.push })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return withDefaults(row ?? {});
}

export async function savePreferences(
  db: Executor,
  userId: string,
  prefs: Preferences,
  at: Date,
  newsConsentAt: Date | null,
) {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...prefs, newsConsentAt, updatedAt: at })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { email: prefs.email, push: prefs.push, newsConsentAt, updatedAt: at },
    });
}

export function newsConsentOf(db: Executor, userId: string) {
  return db
    .select({ at: notificationPreferences.newsConsentAt })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

/** A browser's subscription, moved to this member if another had it (one browser, one member signed in). */
export async function saveSubscription(
  db: Executor,
  userId: string,
  s: { endpoint: string; p256dh: string; auth: string },
) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...s })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: s.p256dh, auth: s.auth },
    });
}

/** How many browsers the member has push on for, other than `endpoint`. */
export async function subscriptionsBesides(db: Executor, userId: string, endpoint: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, endpoint)));
  return row?.n ?? 0;
}

export async function deleteSubscription(db: Executor, userId: string, endpoint: string) {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}
