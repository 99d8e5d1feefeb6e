import type { ReplacementReason } from '../../../contract/operator-rules';
import type { ForfeitReason } from '../../../contract/wins';
import { drawKeyFor } from '../../../shared/draw';
import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { awardAchievements, takeBackAchievements } from '../earning/achievements';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { appendLeaf } from '../transparency/log';
import * as replacements from './replacements';
import * as repo from './repository';
import { drawFromSnapshot } from './snapshot';

/**
 * Passing a winner's place on (DESIGN §8). A drawn prize's ranking, every
 * participant ordered by their draw key, is fixed by its proof. The draw took
 * the first places; each replacement takes the next participants in that
 * ranking, passing over (for good) those who may not win now (suspended or
 * deleted), and gives the place to the first who may. So the next eligible
 * participant is as checkable as the draw: /draws/:id recomputes the ranking.
 */

/** How many more of the ranking to work out at first: usually the very next participant wins. */
const LOOK_AHEAD = 16;

export interface PassedOn {
  place: number;
  from: string;
  to: { pid: string; userId: string } | null;
  skipped: string[];
}

/**
 * How far down a drawn prize's ranking its places have gone: the draw's winners, then each
 * replacement's passed-over and winner; with the replacements and the wins now.
 */
export async function rankingTaken(tx: Executor, prizeId: string) {
  const earlier = await replacements.replacementsOf(tx, prizeId);
  const winsNow = await replacements.winsOfPrize(tx, prizeId);
  const drawn = winsNow.length - earlier.filter((r) => r.toPid).length;
  const taken = drawn + earlier.reduce((n, r) => n + r.skipped.length + (r.toPid ? 1 : 0), 0);
  return { earlier, winsNow, taken };
}

/**
 * The next eligible participant in the prize's ranking, and those passed over
 * on the way: whom a place passes to now, worked out under the prize's lock as it is passed on.
 */
async function nextInLine(tx: Executor, prize: repo.PrizeRow, now: Date) {
  const { earlier, winsNow, taken } = await rankingTaken(tx, prize.id);
  const key = await drawKeyFor(
    prize.seed!,
    prize.beacon && 'randomness' in prize.beacon ? prize.beacon.randomness : undefined,
  );
  const winners = new Set(winsNow.map((w) => w.userId));

  const skipped: string[] = [];
  let to: PassedOn['to'] = null;
  for (let ahead = LOOK_AHEAD; ; ahead *= 4) {
    const ranking = await drawFromSnapshot(tx, prize.id, {
      key,
      snapshotHash: prize.snapshotHash!,
      count: taken + ahead,
    });
    const next = ranking.slice(taken + skipped.length);
    const holders = await repo.holdersByPid(tx, prize.id, next);
    const eligible = await replacements.eligibleAmong(tx, [...holders.values()], now);
    for (const pid of next) {
      const userId = holders.get(pid);
      if (userId && eligible.has(userId) && !winners.has(userId)) {
        to = { pid, userId };
        break;
      }
      skipped.push(pid);
    }
    if (to || ranking.length < taken + ahead) break;
  }
  return { to, skipped, seq: earlier.length + 1 };
}

/**
 * Gives `from`'s place to the next eligible participant, in the caller's
 * transaction, which holds the prize's lock: forfeits the old win, records
 * the replacement, and makes and announces the new win.
 */
export async function passOn(
  tx: Executor,
  prize: repo.PrizeRow,
  from: replacements.WinRow,
  why: { replacement: ReplacementReason; forfeit: ForfeitReason },
  { clock }: { clock: Clock },
): Promise<PassedOn> {
  const now = clock.now();
  const { to, skipped, seq } = await nextInLine(tx, prize, now);
  await replacements.forfeit(tx, prize.id, from.userId, why.forfeit, now);
  // What the lost win unlocked is taken back, through the ledger (DESIGN §13).
  await takeBackAchievements(tx, from.userId, now);
  await replacements.insertReplacement(tx, {
    prizeId: prize.id,
    seq,
    place: from.position,
    fromPid: from.pid,
    toPid: to?.pid ?? null,
    reason: why.replacement,
    skipped,
    at: now,
  });
  await appendLeaf(tx, {
    type: 'pass_on',
    prize: prize.id,
    place: from.position,
    from: from.pid,
    to: to?.pid ?? null,
    reason: why.replacement,
    at: now.toISOString(),
  });
  if (to) {
    await replacements.insertWin(tx, {
      prizeId: prize.id,
      userId: to.userId,
      pid: to.pid,
      position: from.position,
      drawnAt: now,
    });
    await awardAchievements(tx, to.userId, now);
    await notify(tx, to.userId, notices.win(prize), now);
  }
  return { place: from.position, from: from.pid, to, skipped };
}
