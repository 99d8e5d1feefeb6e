import { AD_TICKET_HOURS, ADS_PER_DAY, HOUR_MS, isAdTask, SECOND_MS } from '../../../contract/constants';
import type { Db, Executor } from '../../db/client';
import { AppError, badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { londonMidnight } from '../../lib/london';
import { hashToken, newToken } from '../../lib/tokens';
import * as repo from './repository';
import { taskNotFound } from './rules';

/** Ads pay at most ADS_PER_DAY times a UK day: past that, a video earns nothing until midnight. */
export async function refuseOverDailyAds(db: Executor, userId: string, now: Date) {
  const today = await repo.adCompletionsSince(db, userId, londonMidnight(now));
  if (today >= ADS_PER_DAY) {
    throw new AppError(
      429,
      `You have watched the ${ADS_PER_DAY} videos that earn entries today. Come back tomorrow for more!`,
      'daily_ad_limit',
    );
  }
  return today;
}

/** Starts watching an ad: a ticket that can be claimed once, after the ad's full length. */
export async function startAd(db: Db, clock: Clock, userId: string, taskId: string, network: boolean) {
  const task = await repo.findActiveTask(db, taskId);
  if (!task) throw taskNotFound();
  if (!isAdTask(task))
    throw badRequest('Only video tasks are started before they are completed', 'not_an_ad');
  // Said before the video plays, not after someone has sat through it.
  await refuseOverDailyAds(db, userId, clock.now());
  const ticket = newToken();
  await repo.insertTicket(db, { ticketHash: hashToken(ticket), taskId, userId, issuedAt: clock.now() });
  return { ticket, adDuration: task.adDuration, network };
}

/**
 * A ticket pays once, after the ad's full length, and only if it was started
 * after the last paid ad: starting many ads at once and claiming them all later
 * earns one reward, not many.
 */
export async function spendTicket(
  tx: Parameters<typeof repo.redeemTicket>[0],
  opts: {
    task: repo.TaskRow;
    userId: string;
    ticket: string | undefined;
    now: Date;
    lastPaid: Date | undefined;
  },
) {
  const { task, userId, ticket, now, lastPaid } = opts;
  if (!ticket) throw badRequest('Start the video before claiming its reward', 'ticket_required');
  const ticketHash = hashToken(ticket);
  const seconds = task.adDuration;
  const issuedBy = new Date(now.getTime() - seconds * SECOND_MS);
  const expiredBefore = new Date(now.getTime() - AD_TICKET_HOURS * HOUR_MS);
  const issuedAfter = lastPaid && lastPaid > expiredBefore ? lastPaid : expiredBefore;
  if (await repo.redeemTicket(tx, { ticketHash, taskId: task.id, userId, issuedBy, issuedAfter, now }))
    return;
  const found = await repo.findTicket(tx, ticketHash, task.id, userId);
  if (!found) throw badRequest('Start the video before claiming its reward', 'ticket_unknown');
  if (found.usedAt) throw badRequest('This video has already been claimed', 'ticket_used');
  if (lastPaid && found.issuedAt < lastPaid)
    throw badRequest('Watch a new video to earn again', 'ticket_stale');
  if (found.issuedAt < expiredBefore)
    throw badRequest('This video has expired. Watch it again to earn', 'ticket_expired');
  throw badRequest(`Watch the whole ${seconds}-second video before claiming`, 'ad_not_finished');
}
