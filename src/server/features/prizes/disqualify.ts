import type { AuditAction } from '../../../contract/audit';
import { CLAIM_DAYS, DAY_MS } from '../../../contract/constants';
import type { Db, Executor, Tx } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { type AuditActor, recordAudit, SITE } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { requestApproval } from '../approvals/request';
import { findUserById } from '../auth/repository';
import { nextInLine, type PassedOn, passOn } from './pass-on';
import * as replacements from './replacements';
import * as repo from './repository';
import { prizeNotFound } from './service';

interface Site {
  clock: Clock;
}

const placeText = (place: number) => `place ${place}`;
const outcome = (passed: PassedOn) =>
  passed.to
    ? 'the place passed to the next eligible participant in the draw'
    : 'no eligible participant was left';

/**
 * Passes a winner's place on and records why in the audit log, in the caller's transaction:
 * `why(place)` begins the summary ("Disqualified the winner of place 1 in …").
 */
async function passOnAudited(
  tx: Tx,
  site: Site,
  actor: AuditActor,
  { prize, win }: { prize: repo.PrizeRow; win: replacements.WinRow },
  reasons: Parameters<typeof passOn>[3] & { action: AuditAction },
  why: (place: string) => string,
) {
  const passed = await passOn(tx, prize, win, reasons, site);
  await recordAudit(
    tx,
    actor,
    {
      action: reasons.action,
      targetType: 'win',
      targetId: `${prize.id}/${win.userId}`,
      summary: `${why(`${placeText(win.position)} in "${prize.title}"`)}; ${outcome(passed)}`,
      before: { winner: win.pid },
      after: { winner: passed.to?.pid ?? null, passedOver: passed.skipped },
    },
    site.clock.now(),
  );
  return passed;
}

/**
 * Disqualifies a winner (fraud, say, or not eligible) and passes their place
 * to the next eligible participant in the draw's ranking, who is told they won.
 * A win can be passed on once; a claimed one too, should fraud come to light.
 */
export const disqualify = (
  db: Db,
  site: Site,
  actor: AuditActor & { id: string },
  ids: { prizeId: string; userId: string },
  reason: string,
) => db.transaction((tx) => disqualifyIn(tx, site, actor, ids, reason));

/**
 * The drawn prize and the win whose place would pass on, or why it cannot;
 * `secondTime` when staff have passed this place on before.
 */
async function placeToPassOn(
  db: Executor,
  ids: { prizeId: string; userId: string },
  prize: repo.PrizeRow | undefined,
) {
  if (!prize || prize.status === 'draft') throw prizeNotFound();
  if (prize.status !== 'drawn') throw new AppError(409, 'This prize has not been drawn yet', 'not_drawn');
  const win = await replacements.findWin(db, ids.prizeId, ids.userId);
  if (!win) throw notFound('Winner not found');
  const passedBefore = await replacements.replacementsOf(db, prize.id);
  if (passedBefore.some((r) => r.fromPid === win.pid))
    throw conflict("This winner's place was already passed on", 'already_replaced');
  const secondTime = passedBefore.some((r) => r.place === win.position && r.reason === 'disqualified');
  return { prize, win, secondTime };
}

/**
 * Whom disqualifying this winner would pass their place to now, for the
 * console to name before anyone confirms, and whether it would wait for a
 * second member of staff.
 */
export async function heirOf(db: Db, ids: { prizeId: string; userId: string }, now: Date) {
  const { prize, secondTime } = await placeToPassOn(db, ids, await repo.findPrize(db, ids.prizeId));
  const { to } = await nextInLine(db, prize, now);
  const heir = to && (await findUserById(db, to.userId))!;
  return { heir: heir && { _id: heir.id, username: heir.username }, needsApproval: secondTime };
}

/**
 * Disqualifies in the caller's transaction. Passing one place on again and
 * again would let whoever does it choose its winner: a second time by staff
 * waits for a second member of staff (202, DESIGN §12), and is made here once
 * `approved`. A place passed on because its winner did not claim it was passed
 * on by the rules, not by anyone.
 */
export async function disqualifyIn(
  tx: Tx,
  site: Site,
  actor: AuditActor & { id: string },
  ids: { prizeId: string; userId: string },
  reason: string,
  approved = false,
) {
  const { prize, win, secondTime } = await placeToPassOn(tx, ids, await repo.lockPrize(tx, ids.prizeId));
  if (!approved && secondTime)
    return requestApproval(tx, actor, site.clock.now(), {
      kind: 'pass_on',
      targetId: `${prize.id}/${win.position}`,
      payload: { ...ids, reason },
      summary: `Disqualify ${(await findUserById(tx, win.userId))!.username}, the second winner of ${placeText(win.position)} in "${prize.title}", and pass the place on again (${reason})`,
    });
  const passed = await passOnAudited(
    tx,
    site,
    actor,
    { prize, win },
    { replacement: 'disqualified', forfeit: 'disqualified', action: 'winner.disqualify' },
    (place) => `Disqualified the winner of ${place} (${reason})`,
  );
  return { prize, passed };
}

/**
 * A winner confirmed a date of birth that makes them under age on the draw date: their win is
 * forfeited and, as for any ineligible winner, the place passes to the next eligible participant,
 * in the caller's transaction. Answers false when the win was no longer open to claim.
 */
export async function passOnUnderage(tx: Tx, site: Site, ids: { prizeId: string; userId: string }) {
  const prize = (await repo.lockPrize(tx, ids.prizeId))!;
  const win = await replacements.findWin(tx, ids.prizeId, ids.userId);
  if (!win || win.claimedAt || win.forfeitedAt) return false;
  await passOnAudited(
    tx,
    site,
    SITE,
    { prize, win },
    { replacement: 'ineligible', forfeit: 'under_18', action: 'winner.under_18' },
    (place) => `The winner of ${place} confirmed being under age on the draw date`,
  );
  return true;
}

/** How many unclaimed wins one run of the daily job passes on at most; the next run takes the rest. */
const BATCH = 100;

/**
 * The daily job: a win not claimed within CLAIM_DAYS of its draw is forfeited
 * and its place passed on, each in a transaction of its own.
 */
export async function passOnUnclaimed(db: Db, site: Site) {
  const now = site.clock.now();
  const deadline = new Date(now.getTime() - CLAIM_DAYS * DAY_MS);
  let passed = 0;
  for (const { prizeId, userId } of await replacements.unclaimedSince(db, deadline, BATCH)) {
    passed += await db.transaction(async (tx) => {
      const prize = (await repo.lockPrize(tx, prizeId))!;
      const win = await replacements.findWin(tx, prizeId, userId);
      // Claimed or forfeited since it was listed: nothing to do.
      if (!win || win.claimedAt || win.forfeitedAt || win.drawnAt >= deadline) return 0;
      await passOnAudited(
        tx,
        site,
        SITE,
        { prize, win },
        { replacement: 'unclaimed', forfeit: 'unclaimed', action: 'winner.unclaimed' },
        (place) => `The winner of ${place} did not claim within ${CLAIM_DAYS} days`,
      );
      return 1;
    });
  }
  return { passed };
}
