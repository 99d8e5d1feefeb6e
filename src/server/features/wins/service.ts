import { CLAIM_DAYS, DAY_MS } from '../../../contract/constants';
import type { AdminWinner, ClaimBody, MyWin } from '../../../contract/wins';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import * as repo from './repository';

const claimBy = (drawnAt: Date) => new Date(drawnAt.getTime() + CLAIM_DAYS * DAY_MS);

export async function myWins(db: Db, userId: string): Promise<MyWin[]> {
  return (await repo.winsOf(db, userId)).map(({ win, prize }) => ({
    prize: { _id: prize.id, title: prize.title, type: prize.type, value: prize.valuePence / 100 },
    drawnAt: win.drawnAt.toISOString(),
    claimBy: claimBy(win.drawnAt).toISOString(),
    status: win.claimedAt ? 'Claimed' : 'Pending Claim',
  }));
}

/** The winner confirms where to send the prize, once, within CLAIM_DAYS of the draw. */
export async function claim(db: Db, clock: Clock, userId: string, prizeId: string, details: ClaimBody) {
  const now = clock.now();
  const claimed = await repo.claimWin(db, {
    prizeId,
    userId,
    details: JSON.stringify(details),
    now,
    openSince: new Date(now.getTime() - CLAIM_DAYS * DAY_MS),
  });
  if (claimed) return;
  const win = await repo.findWin(db, prizeId, userId);
  if (!win) throw notFound('You have no win for this prize');
  if (win.claimedAt) throw new AppError(409, 'You have already claimed this prize', 'already_claimed');
  throw new AppError(409, `The ${CLAIM_DAYS}-day window to claim this prize has closed`, 'claim_closed');
}

export async function adminWinners(db: Db): Promise<AdminWinner[]> {
  return (await repo.allWins(db)).map(({ win, user, prize }) => ({
    user: { _id: user.id, username: user.username, email: user.email },
    prize: { _id: prize.id, title: prize.title, value: prize.valuePence / 100 },
    drawnAt: win.drawnAt.toISOString(),
    notified: win.notified,
    claimed: win.claimedAt !== null,
  }));
}

export async function markNotified(db: Db, clock: Clock, prizeId: string, userId: string) {
  if (!(await repo.markNotified(db, prizeId, userId, clock.now()))) throw notFound('Winner not found');
}
