import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prizes } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { cursorKeys, decodeCursor, PAGE_TAKE, type PageAsked, page } from '../../lib/cursor';
import { maskUsername } from '../../lib/mask';
import { penceToPounds } from '../../lib/money';
import * as repo from './repository';
import { listedPrizes, readyToDrawPrizes } from './rules';

/** Reading prizes and winners; entering is in entering.ts, admins' changes in management.ts. */

export const prizeNotFound = () => notFound('Prize not found');

/** Any prize the public may see: everything but drafts. */
export async function getPrize(db: Db, id: string) {
  const prize = await repo.selectPrize(db, and(eq(prizes.id, id), ne(prizes.status, 'draft')));
  if (!prize) throw prizeNotFound();
  return prize;
}

export const listPrizes = (db: Db, now: Date) => repo.selectPrizes(db, listedPrizes(now));

/** How many entries a user holds in a prize the public may see. */
export async function myEntriesIn(db: Db, id: string, userId: string) {
  const entries = await repo.userEntriesIn(db, id, userId);
  // Holding none, the prize may not exist: look it up then, and only then.
  if (entries === 0) {
    const prize = await repo.findPrize(db, id);
    if (!prize || prize.status === 'draft') throw prizeNotFound();
  }
  return entries;
}

/** Admins' pages of prizes: every prize, newest made first; or those ready to draw, longest waiting first. */
export async function adminPrizes(db: Db, which: 'all' | 'ready', now: Date, query: PageAsked) {
  const rows = await repo.prizePage(
    db,
    which === 'all' ? undefined : readyToDrawPrizes(now),
    which === 'all' ? 'newest' : 'readiest',
    decodeCursor(query.cursor, cursorKeys.timeAndId),
    query.limit + 1,
  );
  return page(
    rows,
    (row) => row,
    (row) => [row.at, row.id],
    query.limit,
  );
}

/** Home's feed of the latest winners, names masked. */
export async function recentWinners(db: Db) {
  return (await repo.latestWins(db, 10)).map((w) => ({
    username: maskUsername(w.username),
    prizeTitle: w.prizeTitle,
    prizeValue: penceToPounds(w.valuePence),
    wonAt: w.drawnAt.toISOString(),
  }));
}

/** A page of the winners page, names masked. */
export async function publicWinners(db: Db, from: readonly [string, number, string] | undefined) {
  const rows = await repo.latestWins(db, PAGE_TAKE, from);
  const { items, nextCursor } = page(
    rows,
    (w) => ({
      // Named as the winner allowed at the claim (CAP Code 8.28.5), else as every public list masks.
      name: w.publicName ?? maskUsername(w.username),
      prize: w.prizeTitle,
      date: w.drawnAt.toISOString(),
      prizeValue: penceToPounds(w.valuePence),
      prizeId: w.prizeId,
    }),
    (w) => [w.at, w.position, w.prizeId],
  );
  return { winners: items, nextCursor };
}
