import {
  AD_TICKET_HOURS,
  ADS_PER_DAY,
  DAY_MS,
  HOUR_MS,
  isAdTask,
  REFERRAL_PAID_WHEN,
  SECOND_MS,
} from '../../../contract/constants';
import type { AdminTask, NewTask, Task, TaskChanges } from '../../../contract/tasks';
import { needsInterval } from '../../../contract/tasks';
import type { Db, Executor } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { type AuditActor, changedFields, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { cursorKeys, decodeCursor, type PageAsked, page } from '../../lib/cursor';
import { credit } from '../../lib/ledger';
import { londonMidnight } from '../../lib/london';
import { hashToken, newToken } from '../../lib/tokens';
import { awardAchievements } from '../gamification/achievements';
import { lockWithReferrer, payReferrerIfDue } from '../referrals/service';
import { refreshRisk } from '../risk/signals';
import * as repo from './repository';

const INTERVAL_MS = { hourly: HOUR_MS, daily: DAY_MS, weekly: 7 * DAY_MS } as const;
const taskNotFound = () => notFound('Task not found');

/** When a task done at `last` can be done again; undefined when never (one-off) or already. */
function nextAllowed(
  task: repo.TaskRow,
  last: Date | undefined,
  now: Date,
): { blocked: boolean; until?: Date } {
  if (!last) return { blocked: false };
  if (!task.isRepeatable) return { blocked: true };
  const wait = task.repeatInterval ? INTERVAL_MS[task.repeatInterval] : 0;
  const until = new Date(last.getTime() + wait);
  return until > now ? { blocked: true, until } : { blocked: false };
}

/** What a task is, as SPEC §3 shapes it: the part users and admins see alike. */
function definition(task: repo.TaskRow) {
  return {
    _id: task.id,
    type: task.type,
    platform: task.platform,
    title: task.title,
    description: task.description,
    entriesReward: task.entriesReward,
    isRepeatable: task.isRepeatable,
    repeatInterval: task.repeatInterval,
    verificationData: {
      accountToFollow: task.accountToFollow,
      postUrl: task.postUrl,
      adDuration: task.adDuration,
    },
  };
}

export function presentTask(task: repo.TaskRow, last: Date | undefined, now: Date): Task {
  const { blocked, until } = nextAllowed(task, last, now);
  return { ...definition(task), completed: blocked, availableAt: until?.toISOString() ?? null };
}

export const presentAdminTask = (task: repo.TaskRow): AdminTask => ({
  ...definition(task),
  active: task.active,
  sortOrder: task.sortOrder,
});

/** The Task shape to columns: verificationData's fields are columns of their own. */
const toColumns = <T extends TaskChanges>({ verificationData, ...rest }: T) => ({
  ...rest,
  ...verificationData,
});

export async function adminTasks(db: Db, query: PageAsked) {
  const rows = await repo.taskPage(
    db,
    decodeCursor(query.cursor, cursorKeys.orderTimeAndId),
    query.limit + 1,
  );
  const { items, nextCursor } = page(
    rows,
    (r) => presentAdminTask(r.task),
    (r) => [r.task.sortOrder, r.at, r.task.id],
    query.limit,
  );
  return { tasks: items, nextCursor };
}

export async function createTask(db: Db, clock: Clock, actor: AuditActor, input: NewTask) {
  return db.transaction(async (tx) => {
    const task = await repo.insertTask(tx, toColumns(input));
    const { _id, ...after } = presentAdminTask(task);
    await recordAudit(
      tx,
      actor,
      {
        action: 'task.create',
        targetType: 'task',
        targetId: _id,
        summary: `Created task "${task.title}"`,
        after,
      },
      clock.now(),
    );
    return task;
  });
}

/** Changes only what is sent; the result must still be a valid task (a repeatable one keeps an interval). */
export async function updateTask(db: Db, clock: Clock, actor: AuditActor, id: string, changes: TaskChanges) {
  return db.transaction(async (tx) => {
    const existing = await repo.findTask(tx, id);
    if (!existing) throw taskNotFound();
    const columns = toColumns(changes);
    // `{ verificationData: {} }` names nothing to change.
    if (Object.keys(columns).length === 0) return existing;
    if (needsInterval({ ...existing, ...columns }))
      throw badRequest('Repeatable tasks need a repeat interval', 'bad_request', [
        { path: 'repeatInterval', message: 'Repeatable tasks need a repeat interval' },
      ]);
    const updated = await repo.updateTask(tx, id, columns);
    const diff = changedFields(presentAdminTask(existing), presentAdminTask(updated));
    await recordAudit(
      tx,
      actor,
      {
        action: 'task.update',
        targetType: 'task',
        targetId: id,
        summary: `Edited task "${updated.title}": ${Object.keys(diff.after).join(', ') || 'nothing changed'}`,
        ...diff,
      },
      clock.now(),
    );
    return updated;
  });
}

export async function listTasks(db: Db, clock: Clock, userId: string) {
  const [all, done] = await Promise.all([repo.activeTasks(db), repo.lastCompletions(db, userId)]);
  const last = new Map(done.map((d) => [d.taskId, d.at ?? undefined]));
  return all.map((t) => presentTask(t, last.get(t.id), clock.now()));
}

/** Ads pay at most ADS_PER_DAY times a UK day: past that, a video earns nothing until midnight. */
async function refuseOverDailyAds(db: Executor, userId: string, now: Date) {
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
export async function startAd(db: Db, clock: Clock, userId: string, taskId: string) {
  const task = await repo.findActiveTask(db, taskId);
  if (!task) throw taskNotFound();
  if (!isAdTask(task))
    throw badRequest('Only video tasks are started before they are completed', 'not_an_ad');
  // Said before the video plays, not after someone has sat through it.
  await refuseOverDailyAds(db, userId, clock.now());
  const ticket = newToken();
  await repo.insertTicket(db, { ticketHash: hashToken(ticket), taskId, userId, issuedAt: clock.now() });
  return { ticket, adDuration: task.adDuration };
}

/**
 * Completes a task and credits its reward, once: the user's row is locked while
 * the last completion is checked, so simultaneous requests cannot both pass.
 */
export async function completeTask(db: Db, clock: Clock, userId: string, taskId: string, ticket?: string) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const task = await repo.findActiveTask(tx, taskId);
    if (!task) throw taskNotFound();
    if (task.type === 'referral') {
      throw badRequest(
        `Referral entries arrive once a friend you invited ${REFERRAL_PAID_WHEN}`,
        'referral_task',
      );
    }
    // A watched ad can prove an invited account real and pay its referrer: both rows locked first.
    const referrer = await lockWithReferrer(tx, userId);
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

    const completionId = await repo.insertCompletion(tx, {
      taskId,
      userId,
      entriesAwarded: task.entriesReward,
      completedAt: now,
    });
    await credit(tx, {
      userId,
      amount: task.entriesReward,
      reason: isAdTask(task) ? 'ad' : 'task',
      reference: taskId,
      idempotencyKey: `task:${completionId}`,
      at: now,
    });
    const newAchievements = await awardAchievements(tx, userId, now);
    if (isAdTask(task)) await payReferrerIfDue(tx, userId, referrer, now);
    // Reaching the day's ad cap may make a run of days at it: a fraud signal.
    if (isAdTask(task) && adsBefore + 1 === ADS_PER_DAY) await refreshRisk(tx, userId, now);
    return { task, newAchievements, ...(await repo.balances(tx, userId)) };
  });
}

/**
 * A ticket pays once, after the ad's full length, and only if it was started
 * after the last paid ad: starting many ads at once and claiming them all later
 * earns one reward, not many.
 */
async function spendTicket(
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
