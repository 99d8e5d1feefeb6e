import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  appeals,
  contactMessages,
  mailOutbox,
  missingCredits,
  notificationPreferences,
  notifications,
  pushSubscriptions,
} from '../../db/schema';
import type { StreamedField } from '../../lib/json-stream';
import { paged } from './export-paging';
import type { Person } from './repository';

/** The data download's parts about what they sent us and we sent them: messages, mail, notifications, pushes. */
export function messagesExport(db: Executor, user: Person) {
  // Anyone can write to us under any address: only a verified one is surely theirs.
  const byEmail = user.emailVerifiedAt ? user.email : null;
  const mailOrder = [mailOutbox.id];
  const noticeOrder = [notifications.createdAt, notifications.id];
  return {
    contactMessages: () =>
      db
        .select({
          name: contactMessages.name,
          subject: contactMessages.subject,
          message: contactMessages.message,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(eq(contactMessages.userId, user.id)),
    appeals: () =>
      db
        .select({
          decision: appeals.decision,
          message: appeals.message,
          createdAt: appeals.createdAt,
          status: appeals.status,
          reply: appeals.reply,
          decidedAt: appeals.decidedAt,
        })
        .from(appeals)
        .where(eq(appeals.userId, user.id))
        .orderBy(asc(appeals.createdAt)),
    missingCredits: () =>
      db
        .select({
          wallId: missingCredits.wallId,
          offerName: missingCredits.offerName,
          completedAt: missingCredits.completedAt,
          expectedReward: missingCredits.expectedReward,
          screenshotType: missingCredits.screenshotType,
          createdAt: missingCredits.createdAt,
          status: missingCredits.status,
          credited: missingCredits.credited,
          reply: missingCredits.reply,
          decidedAt: missingCredits.decidedAt,
        })
        .from(missingCredits)
        .where(eq(missingCredits.userId, user.id))
        .orderBy(asc(missingCredits.createdAt)),
    mail: () =>
      paged(mailOrder, ({ key }, from, take) =>
        db
          .select({
            key,
            subject: mailOutbox.subject,
            text: mailOutbox.text,
            status: mailOutbox.status,
            createdAt: mailOutbox.createdAt,
          })
          .from(mailOutbox)
          .where(and(byEmail ? eq(mailOutbox.to, byEmail) : sql`false`, from(mailOrder)))
          .orderBy(asc(mailOutbox.id))
          .limit(take),
      ),
    notifications: () =>
      paged(noticeOrder, ({ key }, from, take) =>
        db
          .select({
            key,
            type: notifications.type,
            title: notifications.title,
            body: notifications.body,
            createdAt: notifications.createdAt,
            readAt: notifications.readAt,
          })
          .from(notifications)
          .where(and(eq(notifications.userId, user.id), from(noticeOrder)))
          .orderBy(...noticeOrder.map((c) => asc(c)))
          .limit(take),
      ),
    notificationPreferences: async () =>
      (
        await db
          .select({
            email: notificationPreferences.email,
            push: notificationPreferences.push,
            newsConsentAt: notificationPreferences.newsConsentAt,
            updatedAt: notificationPreferences.updatedAt,
          })
          .from(notificationPreferences)
          .where(eq(notificationPreferences.userId, user.id))
      )[0] ?? null,
    pushSubscriptions: () =>
      db
        .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, user.id)),
  } satisfies Record<string, StreamedField>;
}
