import { z } from 'zod';
import { cursorQuery, HTTPS_ADDRESS, nextCursor } from './common';
import { HOUR_MS } from './constants';

/**
 * What staff are told about (DESIGN §12, §16): a new complaint, a withdrawal request, a member
 * crossing RISK_ALERT_SCORE, an approval waiting for someone other than its asker, and the decision
 * on what they asked for. They reach the bell at
 * once, and email in one letter a day (STAFF_DIGEST_HOUR), never one email each.
 */
export const STAFF_NOTICE_TYPES = [
  'staff_complaint',
  'staff_withdrawal',
  'staff_risk',
  'staff_approval',
  'staff_decision',
  'staff_delivery',
] as const;
/** A member's risk score reaching this tells staff. */
export const RISK_ALERT_SCORE = 35;
/** The UK hour staff get the day's notices by email. */
export const STAFF_DIGEST_HOUR = 8;

/** What a member is told about (DESIGN §9), and staff (above); each event makes one notification, once. */
export const NOTIFICATION_TYPES = [
  'win',
  'draw_result',
  'prize_closing',
  'offer_credited',
  'offer_reversed',
  'achievement',
  'withdrawal_paid',
  'withdrawal_rejected',
  'withdrawal_update',
  'prize_delivery',
  'adjustment',
  'streak_at_risk',
  'message_reply',
  'appeal_decided',
  'missing_credit',
  'wellbeing',
  ...STAFF_NOTICE_TYPES,
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a member can choose to hear about, by email and by push. `news` is marketing. */
export const NOTIFICATION_TOPICS = [
  'credits',
  'prizeClosing',
  'drawResults',
  'streakReminders',
  'news',
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/**
 * The topic each type is sent under by email and push; null is always sent (a win, a withdrawal);
 * `staff` is the bell only, and the staff's daily email; `pushOnly` is the bell and push, always, its
 * email being sent by its feature (a reply to a message is the email itself).
 */
export const TOPIC_OF: Record<NotificationType, NotificationTopic | null | 'staff' | 'pushOnly'> = {
  win: null,
  withdrawal_paid: null,
  withdrawal_rejected: null,
  withdrawal_update: null,
  prize_delivery: null,
  draw_result: 'drawResults',
  prize_closing: 'prizeClosing',
  offer_credited: 'credits',
  offer_reversed: 'credits',
  achievement: 'credits',
  adjustment: 'credits',
  streak_at_risk: 'streakReminders',
  message_reply: 'pushOnly',
  appeal_decided: null,
  missing_credit: null,
  wellbeing: null,
  staff_complaint: 'staff',
  staff_withdrawal: 'staff',
  staff_risk: 'staff',
  staff_approval: 'staff',
  staff_decision: 'staff',
  staff_delivery: 'staff',
};

export const TOPIC_LABELS: Record<NotificationTopic, { label: string; hint: string }> = {
  credits: { label: 'Entries credited', hint: 'Offer credits and reversals, achievements, corrections' },
  prizeClosing: { label: 'Prizes closing', hint: 'A prize you hold entries in closes within 24 hours' },
  drawResults: { label: 'Draw results', hint: 'A prize you entered has been drawn' },
  streakReminders: { label: 'Streak reminders', hint: 'Your streak is about to end today' },
  news: { label: 'News and offers', hint: 'New prizes and offers from PrizeDraw, now and then' },
};

/** A prize's closing notice goes out once it is this close to its end. */
export const PRIZE_CLOSING_NOTICE_MS = 24 * HOUR_MS;
/** A streak at risk is mentioned after this hour of the UK day, to members on at least this streak. */
export const STREAK_REMINDER_HOUR = 18;
export const STREAK_REMINDER_MIN_DAYS = 3;
/** A live connection hears from the server at least this often, so proxies keep it open. */
export const EVENTS_HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a lost live connection (the stream's `retry:`). */
export const EVENTS_RETRY_MS = 5_000;
/** How far back a reconnect with Last-Event-ID is sent the notifications it missed. */
export const MISSED_EVENTS_MS = 24 * 60 * 60 * 1000;
/** Live connections one member may hold open on an instance at once (429 beyond). */
export const LIVE_STREAMS_PER_MEMBER = 5;
/** Browsers one member may have push notifications on for (429 beyond). */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;
export const NOTIFICATIONS_PAGE_SIZE = 20;

const topicSwitches = z.strictObject(
  Object.fromEntries(NOTIFICATION_TOPICS.map((t) => [t, z.boolean()])) as Record<
    NotificationTopic,
    z.ZodBoolean
  >,
);
export type TopicSwitches = z.infer<typeof topicSwitches>;

export const preferences = z.object({ email: topicSwitches, push: topicSwitches });
export type Preferences = z.infer<typeof preferences>;

/** Marketing is off until ticked (PECR); a member hears about credits by push but not by email unless asked. */
export const DEFAULT_PREFERENCES: Preferences = {
  email: { credits: false, prizeClosing: true, drawResults: true, streakReminders: true, news: false },
  push: { credits: true, prizeClosing: true, drawResults: true, streakReminders: true, news: false },
};

/** A change to some switches: the rest stay as they are. */
export const preferencesUpdate = z.strictObject({
  email: topicSwitches.partial().optional(),
  push: topicSwitches.partial().optional(),
});
export const preferencesResponse = z.object({ preferences });

export const notification = z.object({
  _id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** A path on this site. */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.strictObject({ cursor: cursorQuery });
export const notificationsResponse = z.object({
  notifications: z.array(notification),
  unread: z.number().int(),
  nextCursor,
});

const notificationId = z.string().regex(/^[0-9]{1,18}$/, 'That notification is not one of yours');
export const markReadBody = z.union(
  [
    z.strictObject({ ids: z.array(notificationId).min(1).max(100) }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { error: 'Send the ids to mark read, or all: true' },
);
export const markReadResponse = z.object({ unread: z.number().int() });

/** A signed unsubscribe link's token: one member, one topic. */
export const unsubscribeToken = z
  .string({ error: 'That unsubscribe link is not valid' })
  .max(300, 'That unsubscribe link is not valid')
  .regex(/^[A-Za-z0-9_.-]+$/, 'That unsubscribe link is not valid');
/**
 * What is posted to unsubscribe: the web page posts `{ token }`; a mail app's one-click unsubscribe (RFC 8058)
 * posts `List-Unsubscribe=One-Click`, form-encoded or multipart, to the link, whose query holds the token.
 */
export const unsubscribeBody = z.looseObject({ token: unsubscribeToken.optional() }).optional();

/**
 * An unsubscribe link's token, `<member>.<topic>.<signature>`, taken apart: the page says which emails it
 * stops before asking, and the server checks the signature (unsubscribe-token.ts). Undefined when it is not
 * of that shape.
 */
export function unsubscribeTokenParts(token: string) {
  const [userId, topic, signature] = token.split('.');
  if (!userId || !signature || !(NOTIFICATION_TOPICS as readonly string[]).includes(topic ?? ''))
    return undefined;
  return { userId, topic: topic as NotificationTopic, signature };
}
export const unsubscribeQuery = z.object({ token: unsubscribeToken.optional() });
export const unsubscribeResponse = z.object({ message: z.string(), topic: z.enum(NOTIFICATION_TOPICS) });

const base64url = (label: string, bytes: number) =>
  z
    .string({ error: `${label} is required` })
    // Exactly the characters `bytes` take in base64url, padded or not: one pattern the description shows.
    .regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), `${label} is not valid`);

const pushEndpoint = z
  .url({ error: 'The push endpoint is not valid', protocol: /^https$/ })
  .max(1000, 'The push endpoint is not valid')
  .regex(HTTPS_ADDRESS, 'The push endpoint is not valid')
  .describe('https, on a push service the site sends to (PUSH_SERVICE_HOSTS; the browsers’ own by default)');

export const pushKeyResponse = z.object({ publicKey: z.string() });
export const pushSubscriptionBody = z.strictObject({
  endpoint: pushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url('p256dh', 65), auth: base64url('auth', 16) }),
});
export const pushUnsubscribeBody = z.strictObject({ endpoint: pushEndpoint });

/** What a live connection carries (GET /api/users/me/events). */
export const balanceEvent = z.object({
  availableEntries: z.number().int(),
  totalEntries: z.number().int(),
  cash: z.number(),
});
export type BalanceEvent = z.infer<typeof balanceEvent>;
export const notificationEvent = z.object({ notification, unread: z.number().int() });
export type NotificationEvent = z.infer<typeof notificationEvent>;
/** Sent when notifications are marked read, on this device or another. */
export const unreadEvent = z.object({ unread: z.number().int() });
