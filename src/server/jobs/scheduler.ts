import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { STAFF_DIGEST_HOUR, STREAK_REMINDER_HOUR } from '../../contract/notifications';
import { type AppContext, clearReads } from '../context';
import type { Database } from '../db/client';
import { signHead } from '../features/audit/heads';
import { payWeeklyPrizes } from '../features/gamification/leaderboard';
import { deliverDueMail, smtpTransport } from '../features/mail/deliver';
import {
  noticeDrawResults,
  noticePrizesClosing,
  noticeStreaksAtRisk,
} from '../features/notifications/scheduled-notices';
import { notificationSenders } from '../features/notifications/sending';
import { sendStaffDigest } from '../features/notifications/staff-digest';
import { sendApproved } from '../features/payouts/sending';
import { passOnUnclaimed } from '../features/prizes/disqualify';
import { runDrawCheck } from '../features/prizes/draw-check';
import { alertLateDeliveries } from '../features/wins/delivery';
import { jobRuns } from '../lib/metrics';
import { runCleanup } from './cleanup';

/**
 * pg-boss 10 does not wait for the statements that mark a job done or failed (its manager's work()),
 * so one sent while the database is away rejects with nobody to hear it, which ends the process.
 * Every statement it sends fails as this error, which the process logs instead of stopping (main.ts):
 * such a job runs again once its expiry passes, and every job is idempotent.
 */
export class JobQueueStatementError extends Error {
  constructor(cause: unknown) {
    super(`job queue statement failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/** What the process does with a promise nobody waited for: a job queue statement's is logged; any other is a fault, and ends the process as Node would. */
export function unhandledRejections(log: Pick<FastifyBaseLogger, 'warn'>) {
  return (reason: unknown) => {
    if (!(reason instanceof JobQueueStatementError)) throw reason;
    log.warn({ err: reason.message }, 'a job queue statement failed; the job runs again when it expires');
  };
}

/**
 * pg-boss's connection to whichever database we run: a pool of its own on PostgreSQL, the one embedded
 * connection on PGlite. `sent` holds the statements it has sent and not yet had answered.
 */
export function bossConnection(database: Database, sent: Set<Promise<unknown>>, log: FastifyBaseLogger) {
  let query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  let close = async () => {};
  if ('url' in database.raw) {
    const pool = new pg.Pool({ connectionString: database.raw.url, max: 3 });
    // An idle connection lost with the database must not take the process down: the next statement fails.
    pool.on('error', (err) => log.warn({ err: err.message }, 'job queue connection lost'));
    query = async (text, values) => ({ rows: (await pool.query(text, values)).rows });
    close = () => pool.end();
  } else {
    const { pglite } = database.raw;
    query = async (text, values) => {
      if (values?.length) return { rows: (await pglite.query(text, values)).rows };
      // Its migrations send several statements in one string.
      return { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] };
    };
  }
  const db: PgBoss.Db = {
    executeSql(text, values) {
      const answer = query(text, values).catch((err) => {
        throw new JobQueueStatementError(err);
      });
      sent.add(answer);
      const done = () => sent.delete(answer);
      answer.then(done, done);
      return answer;
    },
  };
  return { db, close };
}

/** How soon a draw check runs again when a draw waits for its beacon round. */
const BEACON_RETRY_SECONDS = 30;

/**
 * The scheduled jobs, in pg-boss with UK-time cron schedules: each scheduled
 * run becomes one job that one instance takes, however many are up. Every job
 * is idempotent too, so a retry or a manual trigger never draws or pays twice.
 */
export async function startScheduler(
  ctx: AppContext,
  log: FastifyBaseLogger,
  opts: { pollingIntervalSeconds?: number } = {},
) {
  const sent = new Set<Promise<unknown>>();
  const connection = bossConnection(ctx.database, sent, log);
  const boss = new PgBoss({ db: connection.db, retryLimit: 3, retryBackoff: true });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();

  const transport = ctx.config.smtpUrl ? smtpTransport(ctx.config.smtpUrl) : undefined;
  const deliverMail = transport && (() => deliverDueMail(ctx.db, ctx.clock, transport, ctx.config.mailFrom));
  const { dispatch, push } = notificationSenders(ctx);
  /** A job's run, counted and logged. */
  const measured = async (name: string, run: () => Promise<unknown>) => {
    try {
      const result = await run();
      jobRuns.inc({ job: name, result: 'ok' });
      log.info({ job: name, result }, 'job finished');
    } catch (err) {
      jobRuns.inc({ job: name, result: 'failed' });
      throw err;
    } finally {
      // Whatever the job committed before it ended, public reads show it.
      clearReads(ctx);
    }
  };
  const jobs: Record<string, { cron: string; run: () => Promise<unknown> }> = {
    // Hourly on the hour: the 8 PM run on a draw day is the weekly draw.
    'draw-check': {
      cron: '0 * * * *',
      run: async () => {
        const result = await runDrawCheck(ctx.db, ctx.clock, { beacon: ctx.beacon }, log);
        // A draw waiting for its beacon round is tried again shortly, not in an hour.
        if (result.waiting > 0)
          await boss.sendAfter('draw-check', {}, { singletonKey: 'beacon-wait' }, BEACON_RETRY_SECONDS);
        return result;
      },
    },
    cleanup: { cron: '30 3 * * *', run: () => runCleanup(ctx.db, ctx.clock) },
    // Hourly, besides the head signed after each staff action (audit/head-signing.ts): a head signed afresh
    // even when nothing changed, should every signer have missed one (DESIGN §16).
    'audit-head': {
      cron: '10 * * * *',
      run: () => signHead(ctx.db, ctx.config.auditSigningKey, ctx.clock.now(), { evenIfCurrent: true }),
    },
    // Daily: staff hear of claimed prizes not delivered as the Contest Rules' promise nears its end.
    'late-deliveries': { cron: '15 9 * * *', run: () => alertLateDeliveries(ctx.db, ctx.clock) },
    // Daily: wins not claimed within the claim window pass to the next participant in their draw.
    'unclaimed-wins': {
      cron: '0 4 * * *',
      run: () => passOnUnclaimed(ctx.db, { clock: ctx.clock }),
    },
    // Monday 00:05 UK time: the week that has just ended gets its leaderboard prizes.
    'weekly-payout': { cron: '5 0 * * 1', run: () => payWeeklyPrizes(ctx.db, ctx.clock) },
    // Prizes closing within a day, and prizes drawn, told to those who entered.
    notices: {
      cron: '*/15 * * * *',
      run: async () => ({
        closing: await noticePrizesClosing(ctx.db, ctx.clock),
        results: await noticeDrawResults(ctx.db, ctx.clock),
      }),
    },
    'streak-reminders': {
      cron: `0 ${STREAK_REMINDER_HOUR} * * *`,
      run: () => noticeStreaksAtRisk(ctx.db, ctx.clock),
    },
    // Daily: staff get what reached their bell and they have not read, in one letter.
    'staff-digest': {
      cron: `0 ${STAFF_DIGEST_HOUR} * * *`,
      run: () => sendStaffDigest(ctx.db, ctx.config.siteUrl),
    },
    // New notifications go out as they are announced (notifications/sending.ts); these catch whatever that missed, and retries.
    'dispatch-notifications': { cron: '* * * * *', run: dispatch },
    'deliver-push': { cron: '* * * * *', run: push },
    // The public log's checkpoints are signed as leaves arrive (transparency/public-log.ts); this signs
    // what an instance stopped before signing.
    'log-checkpoint': { cron: '* * * * *', run: () => ctx.log.checkpoint() },
    ...(deliverMail && { 'deliver-mail': { cron: '* * * * *', run: deliverMail } }),
  };

  for (const [name, job] of Object.entries(jobs)) {
    await boss.createQueue(name);
    await boss.schedule(name, job.cron, undefined, { tz: 'Europe/London' });
    await boss.work(name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 10 }, () =>
      measured(name, job.run),
    );
  }

  // Payouts (DESIGN §17): approved ones sent as a job when asked (one queued, one running at most), and the
  // reconciler every PAYOUT_RECONCILE_SECONDS, each run scheduling the next rather than a cron.
  const payoutJobs: Record<string, () => Promise<unknown>> = {
    'payouts-send': () => sendApproved(ctx.payouts.sending),
    'payouts-reconcile': async () => {
      const seconds = ctx.config.payouts.reconcileSeconds;
      try {
        return { ...(await ctx.payouts.reconcile(seconds)), ...(await sendApproved(ctx.payouts.sending)) };
      } finally {
        await boss.sendAfter('payouts-reconcile', {}, {}, seconds);
      }
    },
  };
  for (const [name, run] of Object.entries(payoutJobs)) {
    await boss.createQueue(name, { name, policy: 'stately' });
    await boss.work(name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 10 }, () =>
      measured(name, run),
    );
  }
  ctx.payouts.sendThrough(() => boss.send('payouts-send', {}));
  // The first run a period after start, as every later one: a start is no reason to read back.
  await boss.sendAfter('payouts-reconcile', {}, {}, ctx.config.payouts.reconcileSeconds);

  return {
    boss,
    async stop() {
      // Approved payouts are sent from this process once the queue is gone.
      ctx.payouts.sendThrough(undefined);
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
      // pg-boss marks a job done without waiting for the answer, so its last statement may still be on
      // its way once stop() returns: let it land before the caller closes the database under it.
      await Promise.allSettled(sent);
      await connection.close();
      transport?.close();
    },
  };
}
