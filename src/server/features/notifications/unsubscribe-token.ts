import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TOPICS, type NotificationTopic } from '../../../contract/notifications';

const signature = (key: Buffer, userId: string, topic: NotificationTopic) =>
  createHmac('sha256', key)
    .update(`unsubscribe:${userId}:${topic}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');

/** A link's token that turns one topic's email off for one member, without signing in (DESIGN §9). */
export const unsubscribeToken = (key: Buffer, userId: string, topic: NotificationTopic) =>
  `${userId}.${topic}.${signature(key, userId, topic)}`;

/** The member and topic a token names, or undefined when this site did not sign it. */
export function readUnsubscribeToken(key: Buffer, token: string) {
  const [userId, topic, sig] = token.split('.');
  if (!userId || !sig || !(NOTIFICATION_TOPICS as readonly string[]).includes(topic ?? '')) return undefined;
  const expected = Buffer.from(signature(key, userId, topic as NotificationTopic));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId, topic: topic as NotificationTopic };
}
