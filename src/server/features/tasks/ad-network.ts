import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  AD_CALLBACK_MAX_AGE_SECONDS,
  AD_MIN_GAP_SECONDS,
  AD_TICKET_HOURS,
  HOUR_MS,
  isAdTask,
  SECOND_MS,
} from '../../../contract/constants';
import type { AdCallbackQuery } from '../../../contract/tasks';
import type { Db } from '../../db/client';
import { selfExclusionEnd } from '../../lib/acting-member';
import { AppError, badRequest, conflict, selfExcluded, staffCannotPlay } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { hashToken } from '../../lib/tokens';
import { findUserById } from '../accounts/repository';
import { isSuspended } from '../accounts/sign-in-rules';
import { openEarning } from '../earning/earn';
import { refuseOverDailyAds } from './ad-tickets';
import * as repo from './repository';
import { taskNotFound } from './rules';
import { payCompletion } from './service';

const unauthorized = (message: string) => new AppError(401, message, 'bad_signature');

/** What the network signs: the member, the ad, the reward and the moment, as networks without a scheme do. */
export const adCallbackSignature = (secret: string, q: Omit<AdCallbackQuery, 'signature'>) =>
  createHmac('sha256', secret).update(`${q.user_id}:${q.ad_id}:${q.reward}:${q.timestamp}`).digest('hex');

/** The signature over every field, and a moment within AD_CALLBACK_MAX_AGE_SECONDS of ours: else 401. */
function verify(secret: string, q: AdCallbackQuery, now: Date) {
  const expected = Buffer.from(adCallbackSignature(secret, q), 'hex');
  const given = Buffer.from(q.signature.toLowerCase(), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw unauthorized('The signature does not match');
  const age = now.getTime() / SECOND_MS - Number(q.timestamp);
  if (Math.abs(age) > AD_CALLBACK_MAX_AGE_SECONDS)
    throw unauthorized(`The callback is more than ${AD_CALLBACK_MAX_AGE_SECONDS} seconds from our clock`);
}

/**
 * A rewarded-ad network's signed callback (DESIGN §19): pays the ad the member opted in to (their
 * started ad, its id the `ad_id`) once, its signed reward matching the task's, within the day's cap and
 * at least AD_MIN_GAP_SECONDS after their last paid ad. Only what the signature covers is read.
 */
export async function payAdCallback(db: Db, clock: Clock, secret: string, q: AdCallbackQuery) {
  const now = clock.now();
  verify(secret, q, now);
  return db.transaction(async (tx) => {
    const ticketHash = hashToken(q.ad_id);
    const ticket = await repo.findTicketOf(tx, ticketHash, q.user_id);
    if (!ticket) throw badRequest('No ad was started under this ad_id by this member', 'unknown_ad');
    const task = await repo.findActiveTask(tx, ticket.taskId);
    if (!task || !isAdTask(task)) throw taskNotFound();
    if (Number(q.reward) !== task.entriesReward)
      throw badRequest(`The reward must be the ad's ${task.entriesReward} entries`, 'reward_mismatch');
    const user = (await findUserById(tx, q.user_id))!;
    if (user.staffRole) throw staffCannotPlay();
    if (isSuspended(user, now)) throw new AppError(403, 'This member is suspended', 'suspended');
    const excludedUntil = selfExclusionEnd(user, now);
    if (excludedUntil) throw selfExcluded(excludedUntil);
    // A paid ad can prove an invited account real and pay its referrer, as the demo ad does.
    const earning = await openEarning(tx, q.user_id, { paysReferral: true });
    // Read again under the member's lock: a retry of this callback arriving at once has waited for it.
    if ((await repo.findTicketOf(tx, ticketHash, q.user_id))!.usedAt)
      throw conflict('This ad has been paid already', 'ad_seen');
    const last = await repo.lastAdCompletion(tx, q.user_id);
    if (last && now.getTime() - last.getTime() < AD_MIN_GAP_SECONDS * SECOND_MS)
      throw new AppError(429, `Ads pay at most once every ${AD_MIN_GAP_SECONDS} seconds`, 'too_soon');
    const adsBefore = await refuseOverDailyAds(tx, q.user_id, now);
    const issuedAfter = new Date(now.getTime() - AD_TICKET_HOURS * HOUR_MS);
    const redeemed = await repo.redeemTicket(tx, {
      ticketHash,
      taskId: task.id,
      userId: q.user_id,
      issuedBy: now,
      issuedAfter,
      now,
    });
    if (!redeemed) throw badRequest('This ad has expired', 'ticket_expired');
    await payCompletion(earning, task, now, adsBefore);
    return { ok: true as const };
  });
}
