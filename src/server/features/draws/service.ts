import { pickWinners, snapshotHash } from '../../../shared/draw';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import { londonWeekday } from '../../lib/london';
import { maskUsername } from '../../lib/mask';
import { queueMail } from '../mail/outbox';
import { winnerMail } from '../mail/templates';
import { findPrize } from '../prizes/repository';
import { prizeNotFound } from '../prizes/service';
import * as repo from './repository';

/**
 * Draws a prize's winners, exactly once: the prize row is locked for the whole
 * transaction and its status checked under that lock, so a second admin, a
 * second instance or the scheduler pressing at the same moment finds it drawn.
 */
export async function drawPrize(
  db: Db,
  clock: Clock,
  prizeId: string,
  opts: { force?: boolean; siteUrl: string },
) {
  if (!isUuid(prizeId)) throw prizeNotFound();
  const now = clock.now();
  return db.transaction(async (tx) => {
    const prize = await repo.lockPrize(tx, prizeId);
    if (!prize || prize.status === 'draft') throw prizeNotFound();
    if (prize.status === 'drawn')
      throw new AppError(409, 'This prize has already been drawn', 'already_drawn');
    if (prize.status === 'cancelled') throw new AppError(409, 'This prize was cancelled', 'prize_cancelled');
    if (prize.endDate > now) throw new AppError(409, 'This prize is still open for entries', 'prize_open');
    if (prize.totalEntries < prize.minimumEntries) {
      throw badRequest(
        `This prize needs at least ${prize.minimumEntries} entries to be drawn; it has ${prize.totalEntries}`,
        'minimum_entries',
      );
    }
    const currentDay = londonWeekday(now);
    if (!opts.force && currentDay !== prize.drawDay) {
      throw new AppError(400, 'Not the draw day', 'wrong_draw_day', undefined, {
        message: `This prize is drawn on ${prize.drawDay}s and today is ${currentDay}. Draw it anyway?`,
        drawDay: prize.drawDay,
        currentDay,
      });
    }
    const participants = await repo.participantsOf(tx, prizeId);
    if (participants.length === 0) throw badRequest('No one has entered this prize yet', 'no_entries');
    if (!prize.seed)
      throw new AppError(500, 'This prize has no draw commitment, so it cannot be drawn fairly', 'no_seed');

    const snapshot = await snapshotHash(participants);
    const winnerIds = await pickWinners(prize.seed, snapshot, participants, prize.totalWinners);
    const frozen = participants.map((p) => ({
      _id: p._id,
      username: maskUsername(p.username),
      entries: p.entries,
    }));
    await repo.recordDraw(tx, { prizeId, winnerIds, snapshotHash: snapshot, participants: frozen, now });
    const winners = await repo.winnersOf(tx, prizeId);
    for (const w of winners) {
      await queueMail(
        tx,
        winnerMail({ to: w.email, username: w.username, prizeTitle: prize.title, siteUrl: opts.siteUrl }),
      );
    }
    return { prize, winners };
  });
}

/** Everything anyone needs to check a draw, published once it has happened. */
export async function drawProof(db: Db, prizeId: string) {
  if (!isUuid(prizeId)) throw prizeNotFound();
  const prize = await findPrize(db, prizeId);
  if (!prize || prize.status === 'draft') throw prizeNotFound();
  if (prize.status !== 'drawn' || !prize.seed || !prize.snapshotHash || !prize.drawParticipants) {
    throw new AppError(409, 'This prize has not been drawn yet', 'not_drawn');
  }
  // The participants frozen at the draw, not today's rows: the proof must not drift.
  const winners = await repo.winnersOf(db, prizeId);
  return { prize, participants: prize.drawParticipants, winnerIds: winners.map((w) => w.userId) };
}
