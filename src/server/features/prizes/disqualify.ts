import type { AuditAction } from '../../../contract/audit';
import { CLAIM_DAYS, DAY_MS } from '../../../contract/constants';
import type { Db, Executor, Tx } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { type AuditActor, recordAudit, SITE } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { findUserById } from '../accounts/repository';
import { requestApproval } from '../four-eyes/asking';
import { type PassedOn, passOn, rankingTaken } from './pass-on';
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
 * Asks to disqualify a winner (fraud, say, or not eligible) and pass their place to the next
 * eligible participant in the draw's ranking. Whoever passes a place on could choose its winner by
 * looking first, so it always waits for a second member of staff (DESIGN §16, 202), and nobody is
 * named as next before it is approved (disqualifyApproved). A claimed win too, should fraud come
 * to light.
 */
export const askToDisqualify = (
  db: Db,
  site: Site,
  actor: AuditActor & { id: string },
  ids: { prizeId: string; userId: string },
  reason: string,
) =>
  db.transaction(async (tx) => {
    const { prize, win } = await placeToPassOn(tx, ids, await repo.lockPrize(tx, ids.prizeId));
    return requestApproval(tx, actor, site.clock.now(), {
      kind: 'pass_on',
      targetId: `${prize.id}/${win.position}`,
      payload: { ...ids, reason },
      summary: `Disqualify ${(await findUserById(tx, win.userId))!.username}, the winner of ${placeText(win.position)} in "${prize.title}", and pass the place to the next eligible participant in the draw (${reason})`,
    });
  });

/** The drawn prize and the win whose place would pass on, or why it cannot. */
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
  return { prize, win };
}

/**
 * How many participants of the draw's ranking are still after its places taken so far: what the
 * console says before anyone asks to disqualify, in place of who would inherit (DESIGN §16).
 */
export async function lineAfter(db: Db, ids: { prizeId: string; userId: string }) {
  const { prize } = await placeToPassOn(db, ids, await repo.findPrize(db, ids.prizeId));
  const { taken } = await rankingTaken(db, prize.id);
  return { nextInLine: Math.max(0, prize.participantCount - taken) };
}

/**
 * Disqualifies, once a second member of staff approved it, in the approver's transaction. A place
 * passed on because its winner did not claim it was passed on by the rules, not by anyone, and
 * needs no approval.
 */
export async function disqualifyApproved(
  tx: Tx,
  site: Site,
  actor: AuditActor & { id: string },
  ids: { prizeId: string; userId: string },
  reason: string,
) {
  const { prize, win } = await placeToPassOn(tx, ids, await repo.lockPrize(tx, ids.prizeId));
  return passOnAudited(
    tx,
    site,
    actor,
    { prize, win },
    { replacement: 'disqualified', forfeit: 'disqualified', action: 'winner.disqualify' },
    (place) => `Disqualified the winner of ${place} (${reason})`,
  );
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
