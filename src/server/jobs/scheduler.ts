import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { deliverDueMail, smtpTransport } from '../features/mail/deliver';
import { claimRun } from './claim';
import { runCleanup } from './cleanup';
import { runDrawCheck } from './draw-check';

const MINUTE = 60_000;
const londonDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });

/**
 * Runs the hourly draw check and the daily clean-up, each once per period
 * across every instance (the period is claimed in the database first), and
 * delivers queued mail when SMTP is configured. Returns a stop function.
 */
export function startScheduler(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  const transport = ctx.config.smtpUrl ? smtpTransport(ctx.config.smtpUrl) : undefined;

  const guarded = (name: string, work: () => Promise<unknown>) => async () => {
    try {
      const result = await work();
      if (result) log.info({ job: name, result }, 'job finished');
    } catch (err) {
      log.error({ err, job: name }, 'job failed');
    }
  };

  const tick = guarded('schedule', async () => {
    const now = ctx.clock.now();
    if (await claimRun(ctx.db, 'draw-check', now.toISOString().slice(0, 13), now)) {
      await guarded('draw-check', () => runDrawCheck(ctx.db, ctx.clock, ctx.config.siteUrl))();
    }
    if (await claimRun(ctx.db, 'cleanup', londonDate.format(now), now)) {
      await guarded('cleanup', () => runCleanup(ctx.db, ctx.clock))();
    }
  });
  const mail = transport
    ? guarded('mail', async () => {
        const r = await deliverDueMail(ctx.db, ctx.clock, transport, ctx.config.mailFrom);
        return r.sent || r.failed ? r : undefined;
      })
    : undefined;

  // Each job on its own timer; a run still going when the next is due is not started twice.
  const inFlight = new Set<Promise<void>>();
  const every = (ms: number, fn: () => Promise<void>) => {
    let current: Promise<void> | undefined;
    const run = () => {
      if (current) return;
      current = fn().finally(() => {
        inFlight.delete(current!);
        current = undefined;
      });
      inFlight.add(current);
    };
    run();
    return setInterval(run, ms);
  };
  const timers = [every(MINUTE, tick), ...(mail ? [every(10_000, mail)] : [])];

  return async () => {
    for (const t of timers) clearInterval(t);
    await Promise.all(inFlight);
    transport?.close();
  };
}
