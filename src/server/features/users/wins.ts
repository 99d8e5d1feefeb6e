import { CLAIM_DAYS, type ClaimBody } from '../../../contract/users';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import { claimWin, findWin, winsOf } from './repository';

const DAY = 86_400_000;
const claimBy = (drawnAt: Date) => new Date(drawnAt.getTime() + CLAIM_DAYS * DAY);

export async function myWins(db: Db, userId: string) {
  return (await winsOf(db, userId)).map(({ win, prize }) => ({
    prize: { _id: prize.id, title: prize.title, type: prize.type, value: prize.valuePence / 100 },
    drawnAt: win.drawnAt.toISOString(),
    claimBy: claimBy(win.drawnAt).toISOString(),
    status: win.claimedAt ? ('Claimed' as const) : ('Pending Claim' as const),
  }));
}

/** The winner confirms where to send the prize, once, within 7 days of the draw. */
export async function claim(db: Db, clock: Clock, userId: string, prizeId: string, details: ClaimBody) {
  const now = clock.now();
  const claimed =
    isUuid(prizeId) &&
    (await claimWin(db, {
      prizeId,
      userId,
      details: JSON.stringify(details),
      now,
      openSince: new Date(now.getTime() - CLAIM_DAYS * DAY),
    }));
  if (claimed) return;
  const win = isUuid(prizeId) ? await findWin(db, prizeId, userId) : undefined;
  if (!win) throw notFound('You have no win for this prize');
  if (win.claimedAt) throw new AppError(409, 'You have already claimed this prize', 'already_claimed');
  throw new AppError(409, `The ${CLAIM_DAYS}-day window to claim this prize has closed`, 'claim_closed');
}
