import { createHmac, timingSafeEqual } from 'node:crypto';
import { type NotificationTopic, unsubscribeTokenParts } from '../../../contract/notifications';

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
  const parts = unsubscribeTokenParts(token);
  if (!parts) return undefined;
  const expected = Buffer.from(signature(key, parts.userId, parts.topic));
  const given = Buffer.from(parts.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId: parts.userId, topic: parts.topic };
}
