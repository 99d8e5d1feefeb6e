import { and, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { ForfeitReason } from '../../../contract/wins';
import type { Executor } from '../../db/client';
import { mailOutbox, notifications, prizes, users, wins, withdrawals } from '../../db/schema';
import { exactTime } from '../../lib/cursor';

/** The member's wins, newest first, with what their list shows of each prize. */
export function winsOf(db: Executor, userId: string) {
  return db
    .select({
      win: {
        drawnAt: wins.drawnAt,
        claimedAt: wins.claimedAt,
        forfeitedAt: wins.forfeitedAt,
        forfeitReason: wins.forfeitReason,
        pid: wins.pid,
        delivery: wins.delivery,
        carrier: wins.carrier,
        trackingNumber: wins.trackingNumber,
        dispatchedAt: wins.dispatchedAt,
        deliveredAt: wins.deliveredAt,
      },
      prize: { id: prizes.id, title: prizes.title, type: prizes.type, valuePence: prizes.valuePence },
    })
    .from(wins)
    .innerJoin(prizes, eq(prizes.id, wins.prizeId))
    .where(eq(wins.userId, userId))
    .orderBy(desc(wins.drawnAt));
}

/** Records the claim once, only within the window; undefined when it was already claimed or too late. */
export async function claimWin(
  db: Executor,
  values: {
    prizeId: string;
    userId: string;
    details: string;
    publicName: string | null;
    now: Date;
    openSince: Date;
  },
) {
  const { prizeId, userId, details, publicName, now, openSince } = values;
  const [row] = await db
    .update(wins)
    .set({ claimedAt: now, deliveryDetails: details, publicName, delivery: 'fulfilling' })
    .where(
      and(
        eq(wins.prizeId, prizeId),
        eq(wins.userId, userId),
        isNull(wins.claimedAt),
        isNull(wins.forfeitedAt),
        gte(wins.drawnAt, openSince),
      ),
    )
    .returning();
  return row;
}

/** Forfeits every win of the user's that is neither claimed nor forfeited yet. */
export async function forfeitOpenWins(db: Executor, userId: string, reason: ForfeitReason, now: Date) {
  await db
    .update(wins)
    .set({ forfeitedAt: now, forfeitReason: reason })
    .where(and(eq(wins.userId, userId), isNull(wins.claimedAt), isNull(wins.forfeitedAt)));
}

export async function findWin(db: Executor, prizeId: string, userId: string) {
  const [row] = await db
    .select({ win: wins, prizeType: prizes.type })
    .from(wins)
    .innerJoin(prizes, eq(prizes.id, wins.prizeId))
    .where(and(eq(wins.prizeId, prizeId), eq(wins.userId, userId)));
  return row;
}

/** A page of every win, newest first, a draw's places in order, with the winner's contact details: admins only. */
export function allWins(db: Executor, from: readonly [string, string, number] | undefined, take: number) {
  const [at, prizeId, position] = from ?? [];
  return db
    .select({
      win: wins,
      at: exactTime(wins.drawnAt),
      user: { id: users.id, username: users.username, email: users.email },
      prize: { id: prizes.id, title: prizes.title, valuePence: prizes.valuePence, type: prizes.type },
      payoutId: withdrawals.id,
    })
    .from(wins)
    .innerJoin(users, eq(users.id, wins.userId))
    .innerJoin(prizes, eq(prizes.id, wins.prizeId))
    .leftJoin(withdrawals, and(eq(withdrawals.prizeId, wins.prizeId), eq(withdrawals.userId, wins.userId)))
    .where(
      // The first condition repeats what the second implies: it is what lets the index start at the
      // cursor, where without it each page re-read every win before it (an export of n wins read n²/2).
      from
        ? sql`${wins.drawnAt} <= ${at} and (${wins.drawnAt} < ${at} or (${wins.drawnAt} = ${at} and (${wins.prizeId} < ${prizeId}
            or (${wins.prizeId} = ${prizeId} and ${wins.position} > ${position}))))`
        : undefined,
    )
    .orderBy(desc(wins.drawnAt), desc(wins.prizeId), wins.position)
    .limit(take);
}

/** Marks a win notified; false when there is no such win. Marking twice is harmless. */
export async function markNotified(db: Executor, prizeId: string, userId: string, now: Date) {
  const rows = await db
    .update(wins)
    .set({ notified: true, notifiedAt: sql`coalesce(${wins.notifiedAt}, ${now})` })
    .where(and(eq(wins.prizeId, prizeId), eq(wins.userId, userId)))
    .returning({ prizeId: wins.prizeId });
  return rows.length > 0;
}

/** Where each member's email of a notice stands (by their notice's key), for those queued one. */
export async function noticeEmails(db: Executor, notices: Array<{ userId: string; key: string }>) {
  if (!notices.length) return [];
  return db
    .select({ userId: notifications.userId, key: notifications.key, status: mailOutbox.status })
    .from(notifications)
    .innerJoin(mailOutbox, eq(mailOutbox.id, notifications.mailId))
    .where(or(...notices.map((n) => and(eq(notifications.userId, n.userId), eq(notifications.key, n.key)))));
}
