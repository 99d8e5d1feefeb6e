import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditActor } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import type { DrawBeacon } from './beacon';
import { drawPrize, freezeSnapshot } from './draw';
import * as repo from './repository';
import { dueForDraw, isReadyToDraw } from './rules';

/** Freezes the snapshot of every prize whose entries have closed and that has none yet. */
async function freezeClosedPrizes(db: Db, now: Date, beacon: DrawBeacon | undefined, log: DrawLog) {
  const closed = await repo.unfrozenClosedPrizes(db, now);
  for (const { id } of closed) {
    try {
      await db.transaction(async (tx) => {
        const prize = await repo.lockPrize(tx, id);
        if (prize && isReadyToDraw(prize, now)) await freezeSnapshot(tx, prize, now, beacon);
      });
    } catch (err) {
      // The draw freezes it then; the other prizes are frozen now.
      log.error({ err, prizeId: id }, 'could not freeze a closed prize');
    }
  }
}

type DrawLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

/**
 * The hourly check: prizes past their end date become ready to draw, and those
 * due (their draw day, from 8 PM UK time, with enough entries) are drawn.
 * Safe to run any number of times, on any number of instances: a prize is drawn once.
 */
export async function runDrawCheck(
  db: Db,
  clock: Clock,
  opts: { beacon?: DrawBeacon; actor?: AuditActor },
  log: DrawLog,
) {
  const now = clock.now();
  const closed = (await repo.closeEndedPrizes(db, now)).length;
  await freezeClosedPrizes(db, now, opts.beacon, log);
  let drawn = 0;
  let waiting = 0;
  const due = dueForDraw(now);
  for (const { id } of due ? await repo.prizeIds(db, due) : []) {
    try {
      await drawPrize(db, clock, id, opts);
      drawn++;
    } catch (err) {
      // Drawn by another instance meanwhile is expected; anything else is a fault to look at.
      // Either way the other prizes still get their draw.
      if (err instanceof AppError && err.code === 'beacon_unavailable') {
        waiting++;
        log.info({ prizeId: id, reason: err.message }, 'prize waits for its beacon round');
      } else if (err instanceof AppError && err.status < 500)
        log.info({ prizeId: id, reason: err.code }, 'prize not drawn');
      else log.error({ err, prizeId: id }, 'prize draw failed');
    }
  }
  return { closed, drawn, waiting };
}
