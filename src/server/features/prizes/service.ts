import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { NewPrize, PrizeChanges } from '../../../contract/prizes';
import type { FixedRound } from '../../../shared/beacon';
import type { Db, Executor } from '../../db/client';
import { prizes } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { balanceOf, credit, debit } from '../../lib/ledger';
import { lockUser } from '../../lib/locks';
import { maskUsername } from '../../lib/mask';
import { toPence } from '../../lib/money';
import { awardAchievements } from '../gamification/achievements';
import type { DrawBeacon } from './beacon';
import { commitDraw, roundFor } from './commitment';
import * as repo from './repository';
import {
  currentStatus,
  isEditable,
  isFinished,
  listedPrizes,
  prizesTakingEntries,
  readyToDrawPrizes,
  takesEntries,
} from './rules';

export const prizeNotFound = () => notFound('Prize not found');
const locked = (message: string) => conflict(message, 'prize_locked');

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

export const allPrizes = (db: Db) => repo.selectPrizes(db, undefined);

export const prizesReadyToDraw = (db: Db, now: Date) => repo.selectPrizes(db, readyToDrawPrizes(now));

const prizeClosed = () => new AppError(409, 'This prize is not open for entries', 'prize_closed');

/**
 * Spends quantity × entryCost of the user's entries on a prize. One transaction:
 * the prize must be open, the user's holding must stay within the cap and the
 * balance must cover the cost, each checked by the statement that changes it.
 * The prize row, which every entrant changes, is changed last, so members
 * entering at once queue on it only for that statement and the commit; its
 * terms read first are checked again by that statement. That takes the user's
 * row before the prize's, against lib/locks.ts: a cancellation or freeze at the
 * same moment can deadlock with an entry, and PostgreSQL then ends one of them,
 * which runs again (db/client.ts withRetries).
 */
export async function enterPrize(db: Db, clock: Clock, userId: string, prizeId: string, quantity: number) {
  const now = clock.now();
  const prize = await repo.findPrize(db, prizeId);
  if (!prize || prize.status === 'draft') throw prizeNotFound();
  if (!takesEntries(prize, now)) throw prizeClosed();
  return db.transaction(async (tx) => {
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
      at: now,
    });
    // Achievements count the prizes entered: only a first entry into this one can move them.
    const newAchievements = held === quantity ? await awardAchievements(tx, userId, now) : [];
    const totalEntries = await repo.addPrizeEntries(tx, prizeId, quantity, sameTermsAndOpen(prize, now));
    if (totalEntries === undefined) {
      const current = await repo.findPrize(tx, prizeId);
      throw current && takesEntries(current, now) ? conflict('The prize changed; try again') : prizeClosed();
    }
    // An achievement's reward lands in the balance too.
    const remainingEntries = newAchievements.length > 0 ? await balanceOf(tx, userId) : balance;
    return { remainingEntries, userEntries: held, totalEntries, newAchievements };
  });
}

/** Still taking entries, at the cost and cap an entry was made at. */
const sameTermsAndOpen = (prize: repo.PrizeRow, now: Date) =>
  and(
    prizesTakingEntries(now),
    eq(prizes.entryCost, prize.entryCost),
    eq(prizes.maxEntriesPerUser, prize.maxEntriesPerUser),
  );

/** Contract fields to columns: pounds to pence, ISO strings to dates. */
function toColumns({ value, startDate, endDate, ...rest }: PrizeChanges) {
  return {
    ...rest,
    ...(value !== undefined && { valuePence: toPence(value) }),
    ...(startDate !== undefined && { startDate: new Date(startDate) }),
    ...(endDate !== undefined && { endDate: new Date(endDate) }),
  };
}

export async function createPrize(
  db: Executor,
  { value, startDate, endDate, ...rest }: NewPrize,
  { beacon, now }: { beacon?: DrawBeacon; now: Date },
) {
  const end = new Date(endDate);
  const row = await repo.insertPrize(db, {
    ...rest,
    valuePence: toPence(value),
    startDate: new Date(startDate),
    endDate: end,
    ...(rest.status === 'active' && (await commitDraw(beacon, end, now))),
  });
  return { ...row, participantCount: 0 };
}

/**
 * Edits a prize until its end date; setting a draft's status to active makes
 * it live, with its draw committed. Once anyone has entered, the entry cost is
 * fixed (refunds are worked out from it) and an active prize cannot go back to
 * draft. A live prize's beacon round moves with its end date.
 */
export async function updatePrize(
  db: Db,
  { clock, beacon }: { clock: Clock; beacon?: DrawBeacon },
  id: string,
  input: PrizeChanges,
) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const prize = await repo.lockPrize(tx, id);
    if (!prize) throw prizeNotFound();
    if (!isEditable(prize, now))
      throw locked(`A ${currentStatus(prize, now).replaceAll('_', ' ')} prize cannot be edited`);
    if (prize.status === 'active' && input.status === 'draft')
      throw locked('An active prize cannot go back to draft');
    if (prize.totalEntries > 0 && input.entryCost !== undefined && input.entryCost !== prize.entryCost) {
      throw locked('The entry cost cannot change once people have entered');
    }
    const start = input.startDate ? new Date(input.startDate) : prize.startDate;
    const end = input.endDate ? new Date(input.endDate) : prize.endDate;
    if (end <= start) throw badRequest('End date must be after the start date');
    await repo.updatePrizeRow(tx, id, {
      ...toColumns(input),
      ...(prize.status !== 'active' && input.status === 'active' && (await commitDraw(beacon, end, now))),
      ...(prize.status === 'active' &&
        prize.beacon &&
        input.endDate &&
        (await movedRound(beacon, prize.beacon, end, now))),
    });
    return (await repo.selectPrize(tx, eq(prizes.id, id)))!;
  });
}

/** A live prize's round follows its end date, on the chain it committed to. */
async function movedRound(beacon: DrawBeacon | undefined, fixed: FixedRound, end: Date, now: Date) {
  if (!beacon)
    throw locked(
      'This prize is drawn with the public beacon, so its end date can change only while DRAW_BEACON is on',
    );
  const moved = await roundFor(beacon, end, now);
  if (moved.chainHash !== fixed.chainHash)
    throw locked('This prize committed to another beacon chain, so its end date cannot change');
  return { beacon: moved };
}

/** Cancels a prize not yet drawn and gives every participant back what they spent, through the ledger. */
export async function cancelPrize(db: Db, clock: Clock, id: string) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const prize = await repo.lockPrize(tx, id);
    if (!prize) throw prizeNotFound();
    if (isFinished(prize))
      throw locked(
        prize.status === 'drawn' ? 'A drawn prize cannot be cancelled' : 'This prize is already cancelled',
      );
    const holders = await repo.holdersOf(tx, id);
    for (const h of holders) {
      await credit(tx, {
        userId: h.userId,
        amount: h.entries * prize.entryCost,
        reason: 'prize_cancelled_refund',
        reference: id,
        idempotencyKey: `refund:${id}:${h.userId}`,
        at: now,
        earned: false,
      });
    }
    await repo.markCancelled(tx, id);
    return { prize, refunded: holders.length };
  });
}

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
    await credit(tx, {
      userId,
      amount: entries * prize.entryCost,
      reason: 'entries_withdrawn',
      reference: prize.id,
      idempotencyKey: `withdrawn:${prize.id}:${userId}`,
      at: now,
      earned: false,
    });
  }
}

/** Home's feed of the latest winners, names masked. */
export async function recentWinners(db: Db) {
  return (await repo.latestWins(db, 10)).map((w) => ({
    username: maskUsername(w.username),
    prizeTitle: w.prizeTitle,
    prizeValue: w.valuePence / 100,
    wonAt: w.drawnAt.toISOString(),
  }));
}

/** The winners page, names masked. */
export async function publicWinners(db: Db) {
  return (await repo.latestWins(db, 200)).map((w) => ({
    name: maskUsername(w.username),
    prize: w.prizeTitle,
    date: w.drawnAt.toISOString(),
    prizeValue: w.valuePence / 100,
    prizeId: w.prizeId,
  }));
}
