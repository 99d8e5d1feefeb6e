import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import { debit } from '../../lib/ledger';
import { maskUsername } from '../../lib/mask';
import * as repo from './repository';

export const prizeNotFound = () => notFound('Prize not found');

export async function getPrize(db: Db, id: string, userId?: string) {
  const prize = isUuid(id) ? await repo.findVisiblePrize(db, id, userId) : undefined;
  if (!prize) throw prizeNotFound();
  return prize;
}

/**
 * Spends quantity × entryCost of the user's entries on a prize. One transaction:
 * the prize must be open, the user's holding must stay within the cap and the
 * balance must cover the cost, each checked by the statement that changes it.
 */
export async function enterPrize(db: Db, clock: Clock, userId: string, prizeId: string, quantity: number) {
  if (!isUuid(prizeId)) throw prizeNotFound();
  const now = clock.now();
  return db.transaction(async (tx) => {
    const prize = await repo.addPrizeEntries(tx, prizeId, quantity, now);
    if (!prize) {
      const existing = await repo.findPrize(tx, prizeId);
      if (!existing || existing.status === 'draft') throw prizeNotFound();
      throw new AppError(409, 'This prize is not open for entries', 'prize_closed');
    }
    const held = await repo.addUserEntries(tx, {
      prizeId,
      userId,
      quantity,
      cap: prize.maxEntriesPerUser,
      now,
    });
    if (held === undefined) {
      const room = prize.maxEntriesPerUser - (await repo.userEntriesIn(tx, prizeId, userId));
      throw badRequest(
        room > 0
          ? `You can add at most ${room} more ${room === 1 ? 'entry' : 'entries'} to this prize`
          : `You already hold the most entries allowed in this prize (${prize.maxEntriesPerUser})`,
        'entry_cap',
      );
    }
    const { balance } = await debit(tx, {
      userId,
      amount: quantity * prize.entryCost,
      reason: 'prize_entry',
      reference: prizeId,
      idempotencyKey: `enter:${prizeId}:${randomUUID()}`,
    });
    return { remainingEntries: balance, userEntries: held, totalEntries: prize.totalEntries };
  });
}

export async function recentWinners(db: Db) {
  const rows = await repo.latestWins(db, 10);
  return rows.map((w) => ({
    username: maskUsername(w.username),
    prizeTitle: w.prizeTitle,
    prizeValue: w.valuePence / 100,
    wonAt: w.drawnAt.toISOString(),
  }));
}

export async function publicWinners(db: Db) {
  const rows = await repo.latestWins(db, 200);
  return rows.map((w) => ({
    name: maskUsername(w.username),
    prize: w.prizeTitle,
    date: w.drawnAt.toISOString(),
    prizeValue: w.valuePence / 100,
  }));
}
