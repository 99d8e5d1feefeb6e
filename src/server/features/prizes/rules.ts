import { and, eq, gt, gte, inArray, isNull, lte, notInArray, or } from 'drizzle-orm';
import { DRAW_HOUR } from '../../../contract/constants';
import { isOpen } from '../../../shared/prize-rules';
import { prizes } from '../../db/schema';
import { londonHour, londonWeekday } from '../../lib/london';

/**
 * Every rule about where a prize is in its life: draft → active (open from its
 * start date) → ready to draw (end date passed) → drawn, or cancelled with
 * refunds. The JavaScript form of each rule is shared with the browser; the
 * SQL form below is the same rule for queries.
 */
export {
  cancellableAlone,
  currentStatus,
  isEditable,
  isFinished,
  isOpen,
  isReadyToDraw,
} from '../../../shared/prize-rules';

/** isOpen, in SQL. */
export const openPrizes = (now: Date) =>
  and(eq(prizes.status, 'active'), lte(prizes.startDate, now), gt(prizes.endDate, now));

/** Open, and not frozen for its draw: a frozen snapshot closes a prize whatever this instance's clock says. */
export const takesEntries = (
  prize: Pick<typeof prizes.$inferSelect, 'status' | 'startDate' | 'endDate' | 'snapshotAt'>,
  now: Date,
) => isOpen(prize, now) && !prize.snapshotAt;

/** takesEntries, in SQL. */
export const prizesTakingEntries = (now: Date) => and(openPrizes(now), isNull(prizes.snapshotAt));

/** isReadyToDraw, in SQL. */
export const readyToDrawPrizes = (now: Date) =>
  and(inArray(prizes.status, ['active', 'ready_to_draw']), lte(prizes.endDate, now));

/** The public prize list: prizes taking entries and those waiting for their draw. */
export const listedPrizes = (now: Date) => or(openPrizes(now), readyToDrawPrizes(now));

/**
 * What the hourly check draws: from 8 PM UK time on a prize's draw day, ready
 * prizes with enough entries. The rest wait, without being retried every hour.
 */
export const dueForDraw = (now: Date) =>
  londonHour(now) >= DRAW_HOUR
    ? and(
        readyToDrawPrizes(now),
        eq(prizes.drawDay, londonWeekday(now)),
        gt(prizes.totalEntries, 0),
        gte(prizes.totalEntries, prizes.minimumEntries),
      )
    : undefined;

/** The opposite of isFinished, in SQL. */
export const unfinishedPrizes = () => notInArray(prizes.status, ['drawn', 'cancelled']);
