import { ADS_PER_DAY, isAdTask, REFERRAL_PAID_WHEN } from '../../../contract/constants';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type Earning, earn, openEarning } from '../earning/earn';
import { refreshRisk } from '../risk/signals';
import { refuseOverDailyAds, spendTicket } from './ad-tickets';
import { presentTask } from './present';
import * as repo from './repository';
import { nextAllowed, taskNotFound } from './rules';

export async function listTasks(db: Db, clock: Clock, userId: string) {
  const [all, done] = await Promise.all([repo.activeTasks(db), repo.lastCompletions(db, userId)]);
  const last = new Map(done.map((d) => [d.taskId, d.at ?? undefined]));
  return all.map((t) => presentTask(t, last.get(t.id), clock.now()));
}

/**
 * Records a completion and credits its reward through earning's door; an ad reaching the day's cap
 * may make a run of days at it, a fraud signal.
 */
export async function payCompletion(earning: Earning, task: repo.TaskRow, now: Date, adsBefore: number) {
  const completionId = await repo.insertCompletion(earning.tx, {
    taskId: task.id,
    userId: earning.userId,
    entriesAwarded: task.entriesReward,
    completedAt: now,
  });
  const earned = await earn(earning, {
    amount: task.entriesReward,
    reason: isAdTask(task) ? 'ad' : 'task',
    reference: task.id,
    idempotencyKey: `task:${completionId}`,
    at: now,
  });
  if (isAdTask(task) && adsBefore + 1 === ADS_PER_DAY) await refreshRisk(earning.tx, earning.userId, now);
  return earned;
}

/**
 * Completes a task and credits its reward, once: the user's row is locked while
 * the last completion is checked, so simultaneous requests cannot both pass.
 */
export async function completeTask(
  db: Db,
  clock: Clock,
  userId: string,
  taskId: string,
  { ticket, adNetwork }: { ticket?: string; adNetwork: boolean },
) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const task = await repo.findActiveTask(tx, taskId);
    if (!task) throw taskNotFound();
    // With a network, its signed callback is the only proof an ad was watched (DESIGN §19).
    if (adNetwork && isAdTask(task))
      throw badRequest('This ad pays once the ad network confirms you watched it', 'ad_by_network');
    if (task.type === 'referral') {
      throw badRequest(
        `Referral entries arrive once a friend you invited ${REFERRAL_PAID_WHEN}`,
        'referral_task',
      );
    }
    // A watched ad can prove an invited account real and pay its referrer.
    const earning = await openEarning(tx, userId, { paysReferral: isAdTask(task) });
    const last = await repo.lastCompletion(tx, taskId, userId);
    const { blocked, until } = nextAllowed(task, last, now);
    if (blocked) {
      throw new AppError(
        409,
        until ? 'You can do this task again later' : 'You have already completed this task',
        'already_completed',
        undefined,
        until ? { availableAt: until.toISOString() } : undefined,
      );
    }
    const adsBefore = isAdTask(task) ? await refuseOverDailyAds(tx, userId, now) : 0;
    if (isAdTask(task)) await spendTicket(tx, { task, userId, ticket, now, lastPaid: last });
    const { newAchievements } = await payCompletion(earning, task, now, adsBefore);
    return { task, newAchievements, ...(await repo.balances(tx, userId)) };
  });
}
