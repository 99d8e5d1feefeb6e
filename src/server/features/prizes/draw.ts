import type { FastifyBaseLogger } from 'fastify';
import { pickWinners, snapshotHash } from '../../../shared/draw';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { londonWeekday } from '../../lib/london';
import { maskUsername } from '../../lib/mask';
import { awardAchievements } from '../gamification/achievements';
import { queueMail } from '../mail/outbox';
import { winnerMail } from '../mail/templates';
import * as repo from './repository';
import { dueForDraw, isReadyToDraw } from './rules';
import { prizeNotFound } from './service';

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
  const now = clock.now();
  return db.transaction(async (tx) => {
    const prize = await repo.lockPrize(tx, prizeId);
    if (!prize || prize.status === 'draft') throw prizeNotFound();
    if (prize.status === 'drawn')
      throw new AppError(409, 'This prize has already been drawn', 'already_drawn');
    if (prize.status === 'cancelled') throw new AppError(409, 'This prize was cancelled', 'prize_cancelled');
    if (!isReadyToDraw(prize, now))
      throw new AppError(409, 'This prize is still open for entries', 'prize_open');
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
    // first_win and win_3, in user order like every change to several users.
    for (const userId of [...winnerIds].sort()) await awardAchievements(tx, userId, now);
    for (const w of winners.filter((winner) => !winner.forfeited)) {
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
  const prize = await repo.findPrize(db, prizeId);
  if (!prize || prize.status === 'draft') throw prizeNotFound();
  if (prize.status !== 'drawn' || !prize.seed || !prize.snapshotHash || !prize.drawParticipants) {
    throw new AppError(409, 'This prize has not been drawn yet', 'not_drawn');
  }
  // The participants frozen at the draw, not today's rows: the proof must not drift.
  const winners = await repo.winnersOf(db, prizeId);
  return { prize, participants: prize.drawParticipants, winnerIds: winners.map((w) => w.userId) };
}

/**
 * The hourly check: prizes past their end date become ready to draw, and those
 * due (their draw day, from 8 PM UK time, with enough entries) are drawn.
 * Safe to run any number of times, on any number of instances: a prize is drawn once.
 */
export async function runDrawCheck(
  db: Db,
  clock: Clock,
  siteUrl: string,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
) {
  const now = clock.now();
  const closed = (await repo.closeEndedPrizes(db, now)).length;
  let drawn = 0;
  const due = dueForDraw(now);
  for (const { id } of due ? await repo.prizeIds(db, due) : []) {
    try {
      await drawPrize(db, clock, id, { siteUrl });
      drawn++;
    } catch (err) {
      // Drawn by another instance meanwhile is expected; anything else is a fault to look at.
      // Either way the other prizes still get their draw.
      if (err instanceof AppError && err.status < 500)
        log.info({ prizeId: id, reason: err.code }, 'prize not drawn');
      else log.error({ err, prizeId: id }, 'prize draw failed');
    }
  }
  return { closed, drawn };
}
