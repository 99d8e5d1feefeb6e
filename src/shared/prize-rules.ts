import type { PrizeStatus } from '../contract/prizes';

/**
 * Where a prize is in its life, as the server enforces it and the pages show
 * it. The server's SQL for the same rules is in src/server/features/prizes/rules.ts.
 */
interface Timed {
  status: PrizeStatus;
  startDate: Date | string;
  endDate: Date | string;
}

const time = (d: Date | string) => new Date(d).getTime();

/** Open: live, started, and before its end date. Only open prizes take entries. */
export const isOpen = (prize: Timed, now: Date) =>
  prize.status === 'active' && time(prize.startDate) <= now.getTime() && now.getTime() < time(prize.endDate);

/**
 * Ready to draw: its end date has passed and it is neither drawn nor cancelled.
 * An active prize counts as soon as it ends, before the hourly check relabels it.
 */
export const isReadyToDraw = (prize: Timed, now: Date) =>
  (prize.status === 'active' || prize.status === 'ready_to_draw') && time(prize.endDate) <= now.getTime();

/** The status as of `now`: an active prize past its end date already reads ready to draw. */
export const currentStatus = (prize: Timed, now: Date): PrizeStatus =>
  isReadyToDraw(prize, now) ? 'ready_to_draw' : prize.status;

/** Admins edit a prize until its end date; after that it is drawn or cancelled, not changed. */
export const isEditable = (prize: Timed, now: Date) =>
  prize.status === 'draft' || (prize.status === 'active' && !isReadyToDraw(prize, now));

/** Drawn and cancelled are the ends of a prize's life. */
export const isFinished = (prize: { status: PrizeStatus }) =>
  prize.status === 'drawn' || prize.status === 'cancelled';

/**
 * One member of staff may cancel a prize, refunding everyone, until its
 * entries close (its end date, or frozen for its draw). After that whoever can
 * see the draw coming could veto it, so a second must approve (DESIGN §15).
 */
export const cancellableAlone = (prize: Timed & { frozen: boolean }, now: Date) =>
  !isFinished(prize) && !isReadyToDraw(prize, now) && !prize.frozen;
