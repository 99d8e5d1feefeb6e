import { drawKeyFor } from '../../../shared/draw';
import type { Db, Executor } from '../../db/client';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import { type AuditActor, recordAudit, SITE } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { londonWeekday } from '../../lib/london';
import { draws } from '../../lib/metrics';
import { awardAchievements } from '../earning/achievements';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { appendLeaf } from '../transparency/log';
import { beaconUnavailable, type DrawBeacon } from './beacon';
import { passOn } from './pass-on';
import { eligibleAmong, findWin, replacementsOf } from './replacements';
import * as repo from './repository';
import { isReadyToDraw } from './rules';
import { prizeNotFound } from './service';
import { drawFromSnapshot, fillSnapshot, hasParticipants, snapshotParticipants } from './snapshot';

/** Whether the prize's entries were frozen: its snapshot is kept and published, never made again. */
const isFrozen = (prize: repo.PrizeRow) => Boolean(prize.snapshotAt && prize.snapshotHash);

/** Why a prize cannot be drawn now, checked again under its lock. */
function assertDrawable(prize: repo.PrizeRow | undefined, now: Date, force: boolean): asserts prize {
  if (!prize || prize.status === 'draft') throw prizeNotFound();
  if (prize.status === 'drawn') throw new AppError(409, 'This prize has already been drawn', 'already_drawn');
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
  if (!force && currentDay !== prize.drawDay) {
    throw new AppError(400, 'Not the draw day', 'wrong_draw_day', undefined, {
      message: `This prize is drawn on ${prize.drawDay}s and today is ${currentDay}. Draw it anyway?`,
      drawDay: prize.drawDay,
      currentDay,
    });
  }
}

/**
 * The randomness round a prize committed to, fetched and its signature checked
 * before any lock is taken. Without it the draw does not happen: it never
 * falls back to the seed alone.
 */
async function beaconRoundFor(prize: repo.PrizeRow, beacon: DrawBeacon | undefined) {
  if (!prize.beacon) return undefined;
  if (!beacon) throw beaconUnavailable('the beacon is switched off (DRAW_BEACON)');
  return beacon.fetchRound(prize.beacon);
}

/**
 * Draws a prize's winners, exactly once: the prize row is locked for the whole
 * transaction and its status checked under that lock, so a second admin, a
 * second instance or the scheduler pressing at the same moment finds it drawn.
 */
export async function drawPrize(...args: Parameters<typeof drawOnce>) {
  try {
    const drawn = await drawOnce(...args);
    draws.inc({ result: 'drawn' });
    return drawn;
  } catch (err) {
    draws.inc({ result: err instanceof AppError ? err.code : 'failed' });
    throw err;
  }
}

async function drawOnce(
  db: Db,
  clock: Clock,
  prizeId: string,
  opts: { force?: boolean; beacon?: DrawBeacon; sliceBytes?: number; actor?: AuditActor },
) {
  const now = clock.now();
  const force = opts.force ?? false;
  // The entries are frozen, and the beacon round confirmed after that moment, before anything is fetched.
  const frozen = await db.transaction(async (tx) => {
    const prize = await repo.lockPrize(tx, prizeId);
    assertDrawable(prize, now, force);
    await freezeSnapshot(tx, prize, now, opts.beacon);
    return (await repo.findPrize(tx, prizeId))!;
  });
  const round = await beaconRoundFor(frozen, opts.beacon);
  return db.transaction(async (tx) => {
    const prize = await repo.lockPrize(tx, prizeId);
    assertDrawable(prize, now, force);
    // A frozen prize's round never changes, so this is the one fetched above unless someone else drew it.
    if (prize.beacon?.round !== round?.round) throw conflict('The prize changed; try again');
    const hash = await freezeSnapshot(tx, prize, now, opts.beacon);
    // A member suspended when entries close is not a participant (DESIGN §12); the freeze rolls back with this.
    if (!(await hasParticipants(tx, prizeId)))
      throw prize.totalEntries > 0
        ? conflict(
            'Everyone who entered this prize is suspended, so nobody can be drawn; cancel it to refund them',
            'no_participants',
          )
        : badRequest('No one has entered this prize yet', 'no_entries');
    if (!prize.seed)
      throw new AppError(500, 'This prize has no draw commitment, so it cannot be drawn fairly', 'no_seed');

    const pids = await drawFromSnapshot(tx, prizeId, {
      key: await drawKeyFor(prize.seed, round?.randomness),
      snapshotHash: hash,
      count: prize.totalWinners,
      sliceBytes: opts.sliceBytes,
    });
    const holders = await repo.holdersByPid(tx, prizeId, pids);
    await repo.recordDraw(tx, {
      prizeId,
      winners: pids.map((pid) => ({ pid, userId: holders.get(pid)! })),
      now,
    });
    if (round) await repo.updatePrizeRow(tx, prizeId, { beacon: round });
    await appendLeaf(tx, {
      type: 'draw',
      prize: prizeId,
      snapshotHash: hash,
      commitment: prize.commitment!,
      seed: prize.seed,
      beaconRound: round?.round ?? null,
      winners: pids,
      at: now.toISOString(),
    });
    await passOnIneligible(tx, prizeId, clock);
    // Those who hold a place now: a deleted account's, or a place passed on at once, is nobody's win.
    const winners = (await repo.winnersOf(tx, prizeId)).filter((w) => !w.forfeited);
    // first_win and win_3, in user order like every change to several users.
    for (const { userId } of [...winners].sort((a, b) => (a.userId < b.userId ? -1 : 1)))
      await awardAchievements(tx, userId, now);
    for (const w of winners) await notify(tx, w.userId, notices.win(prize), now);
    await recordAudit(
      tx,
      opts.actor ?? SITE,
      {
        action: 'prize.draw',
        targetType: 'prize',
        targetId: prize.id,
        summary: `Drew ${winners.length} ${winners.length === 1 ? 'winner' : 'winners'} for "${prize.title}"${force ? ' (not on its draw day)' : ''}`,
        before: { status: prize.status },
        after: { status: 'drawn', winners: pids },
      },
      now,
    );
    return { prize, winners };
  });
}

/**
 * A winner made staff or suspended after the entries were frozen is in the snapshot, but may not win
 * (DESIGN §12): their place passes on at once, in the proof's own order, as a disqualification would.
 */
async function passOnIneligible(tx: Executor, prizeId: string, clock: Clock) {
  const drawn = (await repo.winnersOf(tx, prizeId)).filter((w) => !w.forfeited).map((w) => w.userId);
  const eligible = await eligibleAmong(tx, drawn, clock.now());
  const ineligible = drawn.filter((userId) => !eligible.has(userId));
  if (!ineligible.length) return;
  const prize = (await repo.findPrize(tx, prizeId))!;
  for (const userId of ineligible)
    await passOn(
      tx,
      prize,
      (await findWin(tx, prizeId, userId))!,
      { replacement: 'disqualified', forfeit: 'disqualified' },
      { clock },
    );
}

/**
 * Everything anyone needs to check a draw, published once it has happened; the participants are read
 * as they are sent (snapshotParticipants).
 */
export async function drawProof(db: Db, prizeId: string, sliceBytes?: number) {
  const prize = await repo.findPrize(db, prizeId);
  if (!prize || prize.status === 'draft') throw prizeNotFound();
  const notDrawn = () => new AppError(409, 'This prize has not been drawn yet', 'not_drawn');
  if (prize.status !== 'drawn' || !prize.seed || !prize.snapshotHash) throw notDrawn();
  // Every draw had someone in it; none kept means one drawn before snapshots were kept, with nothing to prove.
  if (!(await hasParticipants(db, prizeId))) throw notDrawn();
  const [winners, passedOn] = await Promise.all([repo.winnersOf(db, prizeId), replacementsOf(db, prizeId)]);
  // The draw's own winners; those who won a place passed on are listed with that replacement.
  const replacing = new Set(passedOn.map((r) => r.toPid));
  return {
    prize,
    // The participants frozen when entries closed, not today's rows: the proof must not drift.
    participants: snapshotParticipants(db, prizeId, sliceBytes),
    winnerIds: winners.filter((w) => !replacing.has(w.pid)).map((w) => w.pid),
    replacements: passedOn.map((r) => ({
      place: r.place,
      from: r.fromPid,
      to: r.toPid,
      reason: r.reason,
      skipped: r.skipped,
    })),
    beacon: prize.beacon && 'signature' in prize.beacon ? prize.beacon : null,
  };
}

/**
 * Freezes who holds how many entries, under their pseudonyms, and publishes
 * the snapshot's hash: once, when entries close, before anything random is
 * known. The caller holds the prize's lock; a frozen snapshot is returned as it is.
 */
export async function freezeSnapshot(tx: Executor, prize: repo.PrizeRow, now: Date, beacon?: DrawBeacon) {
  if (isFrozen(prize)) return prize.snapshotHash!;
  const hash = await fillSnapshot(tx, prize.id, now);
  await repo.updatePrizeRow(tx, prize.id, {
    snapshotHash: hash,
    snapshotAt: now,
    // The round must come after this moment: the one fixed at go-live if it still does, else a later one.
    ...(beacon && { beacon: await beacon.roundForFreeze(prize.beacon, now) }),
  });
  return hash;
}
