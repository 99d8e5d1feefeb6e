import type { Db } from '../db/client';
import { closeEndedPrizes, readyPrizeIds } from '../features/draws/repository';
import { drawPrize } from '../features/draws/service';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { DRAW_HOUR, londonHour, londonWeekday } from '../lib/london';

/**
 * The hourly job: prizes past their closing time become ready to draw; on a
 * prize's draw day from 8:00 PM UK time, ready prizes that can be drawn are.
 * Safe to run any number of times: a prize is drawn once, and one that cannot
 * be drawn yet (too few entries, nobody entered) waits for the next run.
 */
export async function runDrawCheck(
  db: Db,
  clock: Clock,
  siteUrl: string,
  log?: (msg: string, data: object) => void,
) {
  const now = clock.now();
  const closed = (await closeEndedPrizes(db, now)).length;
  const drawn: string[] = [];
  if (londonHour(now) >= DRAW_HOUR) {
    for (const { id } of await readyPrizeIds(db, londonWeekday(now))) {
      try {
        await drawPrize(db, clock, id, { siteUrl });
        drawn.push(id);
      } catch (err) {
        // Drawn by another instance, not drawable yet, or a fault: the other prizes still get their draw.
        log?.('prize not drawn', { prizeId: id, reason: err instanceof AppError ? err.code : String(err) });
      }
    }
  }
  return { closed, drawn: drawn.length };
}
