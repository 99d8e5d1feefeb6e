import { and, asc, eq, gt, gte, isNull, lte } from 'drizzle-orm';
import {
  PRIZE_CLOSING_NOTICE_MS,
  STREAK_REMINDER_HOUR,
  STREAK_REMINDER_MIN_DAYS,
} from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { prizeEntries, prizes, streaks, users, wins } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { addDays, londonDay, londonHour } from '../../lib/london';
import { type Notice, notices } from './notices';
import { notifyMany } from './notify';

/** Members told per transaction: a prize of half a million participants is walked in bounded steps. */
const STEP = 1000;

/**
 * Walks `select`'s members in id order, STEP at a time, each step one
 * transaction that tells each the notice `noticeFor` gives them (none for some).
 * Every notice has its own key, so a walk cut short and run again tells nobody twice.
 */
async function tellInSteps<Row extends { userId: string }>(
  db: Db,
  at: Date,
  select: (afterId: string, take: number) => Promise<Row[]>,
  noticeFor: (row: Row) => Notice | undefined,
) {
  let told = 0;
  let afterId = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const step = await select(afterId, STEP);
    const items = step.flatMap((row) => {
      const notice = noticeFor(row);
      return notice ? [{ userId: row.userId, notice }] : [];
    });
    told += await db.transaction((tx) => notifyMany(tx, items, at));
    if (step.length < STEP) break;
    afterId = step.at(-1)!.userId;
  }
  return told;
}

/** Participants of `prizeId` after `afterId`, in id order, who can still be told (not erased). */
const participants = (db: Db, prizeId: string, afterId: string, take: number) =>
  db
    .select({ userId: prizeEntries.userId, entries: prizeEntries.entries })
    .from(prizeEntries)
    .innerJoin(users, eq(users.id, prizeEntries.userId))
    .where(and(eq(prizeEntries.prizeId, prizeId), gt(prizeEntries.userId, afterId), isNull(users.deletedAt)))
    .orderBy(asc(prizeEntries.userId))
    .limit(take);

/** Everyone holding entries in an open prize that closes within a day is told so, once a prize. */
export async function noticePrizesClosing(db: Db, clock: Clock) {
  const now = clock.now();
  const closing = await db
    .select({ id: prizes.id, title: prizes.title, endDate: prizes.endDate })
    .from(prizes)
    .where(
      and(
        eq(prizes.status, 'active'),
        isNull(prizes.closingNoticedAt),
        gt(prizes.endDate, now),
        lte(prizes.endDate, new Date(now.getTime() + PRIZE_CLOSING_NOTICE_MS)),
      ),
    );
  let told = 0;
  for (const prize of closing) {
    told += await tellInSteps(
      db,
      now,
      (afterId, take) => participants(db, prize.id, afterId, take),
      (p) => notices.prizeClosing(prize, p.entries),
    );
    await db.update(prizes).set({ closingNoticedAt: now }).where(eq(prizes.id, prize.id));
  }
  return told;
}

/** Once a prize is drawn, everyone who entered and did not win is told, with the link to check the draw. */
export async function noticeDrawResults(db: Db, clock: Clock) {
  const now = clock.now();
  const drawn = await db
    .select({ id: prizes.id, title: prizes.title })
    .from(prizes)
    .where(and(eq(prizes.status, 'drawn'), isNull(prizes.resultsNoticedAt)));
  let told = 0;
  for (const prize of drawn) {
    const winners = new Set(
      (await db.select({ userId: wins.userId }).from(wins).where(eq(wins.prizeId, prize.id))).map(
        (w) => w.userId,
      ),
    );
    // Winners were told they won, by the draw.
    told += await tellInSteps(
      db,
      now,
      (afterId, take) => participants(db, prize.id, afterId, take),
      (p) => (winners.has(p.userId) ? undefined : notices.drawResult(prize)),
    );
    await db.update(prizes).set({ resultsNoticedAt: now }).where(eq(prizes.id, prize.id));
  }
  return told;
}

/**
 * After 18:00 UK time, members on a streak of 3 days or more who have not kept
 * it today (their last day was yesterday) are reminded, once a day.
 */
export async function noticeStreaksAtRisk(db: Db, clock: Clock) {
  const now = clock.now();
  if (londonHour(now) < STREAK_REMINDER_HOUR) return 0;
  const today = londonDay(now);
  const yesterday = addDays(today, -1);
  return tellInSteps(
    db,
    now,
    (afterId, take) =>
      db
        .select({ userId: streaks.userId, current: streaks.current })
        .from(streaks)
        .innerJoin(users, eq(users.id, streaks.userId))
        .where(
          and(
            eq(streaks.lastDay, yesterday),
            gt(streaks.userId, afterId),
            gte(streaks.current, STREAK_REMINDER_MIN_DAYS),
            isNull(users.deletedAt),
          ),
        )
        .orderBy(asc(streaks.userId))
        .limit(take),
    (s) => notices.streakAtRisk(today, s.current),
  );
}
