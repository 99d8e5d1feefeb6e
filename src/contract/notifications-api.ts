import { messageBody } from './common';
import { api, endpoint } from './endpoint';
import {
  markReadBody,
  markReadResponse,
  notificationsQuery,
  notificationsResponse,
  preferencesResponse,
  preferencesUpdate,
  pushKeyResponse,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  unsubscribeBody,
  unsubscribeQuery,
  unsubscribeResponse,
} from './notifications';

const tags = ['notifications'];

/** A member's notifications, email and push choices and push subscriptions, and unsubscribing by link (DESIGN §14). */
export const notificationsApi = api('notifications', {
  list: endpoint({
    summary: "The member's notifications, newest first",
    method: 'GET',
    path: '/api/users/me/notifications',
    auth: 'member',
    whileSuspended: true,
    tags,
    query: notificationsQuery,
    responses: { 200: notificationsResponse },
  }),
  markRead: endpoint({
    summary: 'Marks notifications read',
    method: 'POST',
    path: '/api/users/me/notifications/read',
    auth: 'member',
    whileSuspended: true,
    tags,
    body: markReadBody,
    responses: { 200: markReadResponse },
  }),
  preferences: endpoint({
    summary: 'What the member is told, and how',
    method: 'GET',
    path: '/api/users/me/preferences',
    auth: 'member',
    tags,
    responses: { 200: preferencesResponse },
  }),
  updatePreferences: endpoint({
    summary: 'Changes what the member is told, and how',
    method: 'PUT',
    path: '/api/users/me/preferences',
    auth: 'member',
    tags,
    body: preferencesUpdate,
    responses: { 200: preferencesResponse },
  }),
  pushKey: endpoint({
    summary: "The site's public key for Web Push",
    method: 'GET',
    path: '/api/push/key',
    auth: 'none',
    tags,
    responses: { 200: pushKeyResponse },
  }),
  /** 429 when push is on for PUSH_SUBSCRIPTIONS_PER_MEMBER other devices already. */
  subscribePush: endpoint({
    summary: 'Turns push on for a browser',
    method: 'POST',
    path: '/api/users/me/push-subscriptions',
    auth: 'member',
    tags,
    body: pushSubscriptionBody,
    responses: { 201: messageBody },
    errors: [429],
  }),
  unsubscribePush: endpoint({
    summary: 'Turns push off for a browser',
    method: 'DELETE',
    path: '/api/users/me/push-subscriptions',
    auth: 'member',
    tags,
    body: pushUnsubscribeBody,
    responses: { 200: messageBody },
  }),
  /** The address in List-Unsubscribe: the token, in the body or the query, is all it takes. */
  unsubscribe: endpoint({
    summary: "Unsubscribes from a topic with an emailed link's token",
    method: 'POST',
    path: '/api/unsubscribe',
    auth: 'none',
    tags,
    query: unsubscribeQuery,
    body: unsubscribeBody,
    responses: { 200: unsubscribeResponse },
  }),
  /** Opened in a browser, the same address sends it to the page, which asks before it changes anything. */
  unsubscribePage: endpoint({
    summary: 'Sends an emailed unsubscribe link on to its page',
    method: 'GET',
    path: '/api/unsubscribe',
    auth: 'none',
    tags,
    query: unsubscribeQuery,
    responses: {
      303: {
        raw: 'text/plain',
        description:
          'See Other: Location is the site’s /unsubscribe page, with the token, and the body names it',
      },
    },
  }),
});
