import { and, inArray, lt, ne } from 'drizzle-orm';
import { DAY_MS } from '../../contract/constants';
import { ago, MAIL_KEPT_DAYS, type PersonalData, READ_NOTIFICATIONS_KEPT_DAYS } from './personal-data';
import * as t from './schema';

/** A decided missing-credit report, screenshot and all, is kept a year: long enough to be raised again. */
const MISSING_CREDIT_KEPT_DAYS = 365;

/** The registry's tables of what members send us and we send them: messages, mail, notifications, pushes. */
export const MESSAGES_DATA: PersonalData[] = [
  {
    table: t.contactMessages,
    holds: 'messages they sent through the contact form',
    by: { column: t.contactMessages.userId, key: 'id' },
    exported: 'contactMessages',
    erased: 'deleted',
    kept: { forGood: 'complaints are kept while they may be raised again' },
  },
  {
    table: t.appeals,
    holds: 'their appeals of a hold or a suspension, and the decisions',
    by: { column: t.appeals.userId, key: 'id' },
    exported: 'appeals',
    erased: 'deleted',
    kept: { forGood: 'a decision appealed may be raised again' },
  },
  {
    table: t.missingCredits,
    holds: 'their reports of offers that did not credit, with the screenshots they sent, and the decisions',
    by: { column: t.missingCredits.userId, key: 'id' },
    exported: 'missingCredits',
    erased: 'deleted',
    kept: {
      expired: (now) =>
        and(
          ne(t.missingCredits.status, 'open'),
          lt(t.missingCredits.decidedAt, ago(now, MISSING_CREDIT_KEPT_DAYS * DAY_MS)),
        )!,
      batchKey: t.missingCredits.id,
    },
  },
  {
    table: t.mailOutbox,
    holds: 'email sent to them',
    by: { column: t.mailOutbox.to, key: 'verified email' },
    exported: 'mail',
    erased: 'deleted',
    kept: {
      expired: (now) =>
        and(
          inArray(t.mailOutbox.status, ['sent', 'failed']),
          lt(t.mailOutbox.createdAt, ago(now, MAIL_KEPT_DAYS * DAY_MS)),
        )!,
      batchKey: t.mailOutbox.id,
    },
  },
  {
    table: t.notifications,
    holds: 'what the site told them',
    by: { column: t.notifications.userId, key: 'id' },
    exported: 'notifications',
    erased: 'deleted',
    kept: {
      expired: (now) => lt(t.notifications.readAt, ago(now, READ_NOTIFICATIONS_KEPT_DAYS * DAY_MS)),
      batchKey: t.notifications.id,
    },
  },
  {
    table: t.notificationPreferences,
    holds: 'which email and pushes they chose, and their consent to news',
    by: { column: t.notificationPreferences.userId, key: 'id' },
    exported: 'notificationPreferences',
    erased: 'deleted',
    kept: { forGood: 'their choices hold until they change them' },
  },
  {
    table: t.pushSubscriptions,
    holds: 'the browsers they turned pushes on in',
    by: { column: t.pushSubscriptions.userId, key: 'id' },
    exported: 'pushSubscriptions',
    erased: 'deleted',
    kept: { forGood: 'until the browser or the push service ends it' },
  },
];
