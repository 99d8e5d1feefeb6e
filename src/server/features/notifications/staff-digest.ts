import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { STAFF_NOTICE_TYPES } from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { queueMail } from '../mail/outbox';
import { letter } from '../mail/templates';

/** The most notices one letter lists; the rest wait in the bell (and the next letter). */
const LISTED = 50;

/**
 * The staff's letter of the day (DESIGN §12): each member of staff with
 * notices they have not read and no letter has listed is sent one email
 * listing them; each notice listed is marked with the letter, so a second run
 * the same day sends nothing, and one read in the bell first is left out.
 */
export async function sendStaffDigest(db: Db, siteUrl: string) {
  const waiting = await db
    .select({ n: notifications, email: users.email, username: users.username })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(
      and(
        inArray(notifications.type, [...STAFF_NOTICE_TYPES]),
        isNull(notifications.readAt),
        isNull(notifications.mailId),
        isNotNull(users.staffRole),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(notifications.userId), asc(notifications.id));
  const byStaff = new Map<string, typeof waiting>();
  for (const row of waiting) byStaff.set(row.n.userId, [...(byStaff.get(row.n.userId) ?? []), row]);
  let sent = 0;
  for (const rows of byStaff.values()) {
    const listed = rows.slice(0, LISTED);
    const { email, username } = listed[0]!;
    const count = rows.length;
    await db.transaction(async (tx) => {
      const mailId = await queueMail(
        tx,
        letter(
          email,
          `PrizeDraw: ${count} ${count === 1 ? 'thing' : 'things'} waiting for staff`,
          [
            `Hello ${username},`,
            '',
            'Since the last letter:',
            ...listed.map(({ n }) => `- ${n.title}: ${n.body} (${siteUrl}${n.link})`),
            ...(count > LISTED ? [`…and ${count - LISTED} more in the bell.`] : []),
          ],
          { action: { label: 'Open the console', url: `${siteUrl}/admin` } },
        ),
      );
      await tx
        .update(notifications)
        .set({ mailId })
        .where(
          and(
            inArray(
              notifications.id,
              listed.map(({ n }) => n.id),
            ),
            isNull(notifications.mailId),
          ),
        );
    });
    sent++;
  }
  return { sent };
}
