import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { prizes } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { lockUser } from '../../lib/locks';
import { refund, spend } from '../earning/moves';
import { appendLeaf } from '../transparency/log';
import type { PublicLog } from '../transparency/public-log';
import { notePlay } from '../wellbeing/play';
import type { EntryTerms } from './entry-terms';
import * as repo from './repository';
import { prizesTakingEntries, takesEntries } from './rules';
import { prizeNotFound } from './service';

/** A member's entries in prizes: spending entries on one, and taking them back out when leaving. */

const prizeClosed = () => new AppError(409, 'This prize is not open for entries', 'prize_closed');

/** What entering reads of the settings: when playing raises a wellbeing signal. */
type Playing = Pick<Config, 'playDaysInARow'>;

/**
 * Spends quantity × entryCost of the user's entries on a prize. One transaction:
 * the prize must be open, the user's holding must stay within the cap and the
 * balance must cover the cost, each checked by the statement that changes it.
 * The prize row, which every entrant changes, is changed last, so members
 * entering at once queue on it only for that statement and the commit; its
 * terms read first are checked again by that statement. The member's row is
 * locked first, so one member's entries into many prizes queue on it instead of
 * deadlocking on it. That takes the user's row before the prize's, against
 * lib/locks.ts: a cancellation or freeze at the same moment can deadlock with an
 * entry, and PostgreSQL then ends one of them, which runs again (db/client.ts
 * withRetries).
 */
export async function enterPrize(
  ctx: { db: Db; clock: Clock; entryTerms: EntryTerms; log: PublicLog; config: Playing },
  userId: string,
  prizeId: string,
  quantity: number,
) {
  const { leafId, ...entered } = await enterOnTerms(ctx, userId, prizeId, quantity);
  // The receipt: the entry's place in the public log, given once its transaction has committed.
  return { ...entered, logIndex: await ctx.log.receipt(leafId) };
}

async function enterOnTerms(
  { db, clock, entryTerms: terms, config }: { db: Db; clock: Clock; entryTerms: EntryTerms; config: Playing },
  userId: string,
  prizeId: string,
  quantity: number,
) {
  const now = clock.now();
  const kept = terms.get(prizeId);
  if (kept && takesEntries(kept, now)) {
    try {
      return await enterAt(db, config, kept, userId, quantity, now);
    } catch (err) {
      // Refused on kept terms, which may have changed since: nothing was written, so try again on
      // the row as it is now, and answer from that.
      if (!(err instanceof AppError && err.status < 500)) throw err;
      terms.forget(prizeId);
    }
  }
  const prize = await repo.findPrize(db, prizeId);
  if (!prize || prize.status === 'draft') throw prizeNotFound();
  if (!takesEntries(prize, now)) throw prizeClosed();
  terms.keep(prize);
  return enterAt(db, config, prize, userId, quantity, now);
}

/** One entry's transaction, at the terms of `prize`, which its closing update checks on the row. */
function enterAt(db: Db, config: Playing, prize: repo.PrizeRow, userId: string, quantity: number, now: Date) {
  const prizeId = prize.id;
  return db.transaction(async (tx) => {
    // The member's row before anything that refers to it: see lib/locks.ts.
    await lockUser(tx, userId);
    const held = await repo.addUserEntries(tx, {
      prizeId,
      userId,
      quantity,
      cap: prize.maxEntriesPerUser,
      now,
    });
    if (!held) {
      const room = prize.maxEntriesPerUser - (await repo.userEntriesIn(tx, prizeId, userId));
      throw badRequest(
        room > 0
          ? `You can add at most ${room} more ${room === 1 ? 'entry' : 'entries'} to this prize`
          : `You already hold the most entries allowed in this prize (${prize.maxEntriesPerUser})`,
        'entry_cap',
      );
    }
    const { balance: remainingEntries, newAchievements } = await spend(
      tx,
      {
        userId,
        amount: quantity * prize.entryCost,
        reason: 'prize_entry',
        reference: prizeId,
        idempotencyKey: `enter:${prizeId}:${randomUUID()}`,
        at: now,
      },
      // Achievements count the prizes entered: only a first entry into this one can move them.
      { unlocks: held.entries === quantity },
    );
    const totalEntries = await repo.addPrizeEntries(tx, prizeId, quantity, sameTermsAndOpen(prize, now));
    if (totalEntries === undefined) {
      const current = await repo.findPrize(tx, prizeId);
      throw current && takesEntries(current, now) ? conflict('The prize changed; try again') : prizeClosed();
    }
    await notePlay(tx, config, userId, now);
    const leafId = await appendLeaf(tx, {
      type: 'entry',
      prize: prizeId,
      pid: held.pid,
      entries: quantity,
      at: now.toISOString(),
    });
    return { remainingEntries, userEntries: held.entries, totalEntries, newAchievements, leafId };
  });
}

/** Still taking entries, at the cost and cap an entry was made at. */
const sameTermsAndOpen = (prize: repo.PrizeRow, now: Date) =>
  and(
    prizesTakingEntries(now),
    eq(prizes.entryCost, prize.entryCost),
    eq(prizes.maxEntriesPerUser, prize.maxEntriesPerUser),
  );

/**
 * Takes a leaving user's entries out of every prize still open, refunded
 * through the ledger, so no draw can pick an account that no longer exists.
 * Closed prizes keep them: their snapshot is fixed. Locks prizes, then the user.
 */
export async function withdrawFromOpenPrizes(tx: Executor, userId: string, now: Date) {
  const held = await repo.lockOpenPrizesHeldBy(tx, userId, now);
  await lockUser(tx, userId);
  // An entry that landed between the two locks is in a prize not locked here; locking it now would
  // break the lock order, so the caller tries again instead.
  const since = await repo.openPrizesHeldBy(tx, userId, now);
  if (since.some((prize) => !held.some((p) => p.id === prize.id))) {
    throw conflict('Your entries changed while we were working. Please try again.', 'entries_changed');
  }
  for (const prize of held) {
    const entries = await repo.removeHolding(tx, prize.id, userId);
    if (!entries) continue;
    await refund(tx, {
      userId,
      amount: entries * prize.entryCost,
      reason: 'entries_withdrawn',
      reference: prize.id,
      idempotencyKey: `withdrawn:${prize.id}:${userId}`,
      at: now,
    });
  }
}
