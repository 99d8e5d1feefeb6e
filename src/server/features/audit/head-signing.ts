import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { atMostEvery } from '../../lib/at-most-every';
import { signHead } from './heads';

/** Heads are signed at most this often: a burst of staff actions is one head, a second after the first. */
const HEAD_BATCH_MS = 1000;

/**
 * Signs the audit chain's head within a second of every staff action (DESIGN §16). Each committed audit
 * row is announced to every instance (migration 0051), so the head is signed even when the instance
 * that acted dies before its second is up; instances take turns signing, and one that finds the head
 * current signs nothing. Starting, it signs a head left behind by a site stopped or killed within its
 * second; stopping, it signs what is still to sign. The hourly job (jobs/scheduler.ts) is the last net.
 */
export async function signingHeads(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'live'>,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const sign = () =>
    signHead(ctx.db, ctx.config.auditSigningKey, ctx.clock.now()).catch((err) =>
      log.error({ err }, 'signing the audit chain’s head failed'),
    );
  const batch = atMostEvery(HEAD_BATCH_MS, sign);
  const stopHearing = ctx.live.subscribeAll((event) => {
    if (event.e === 'audit') batch.run();
  });
  // Announcements missed while the connection to the database was lost are caught up at once.
  const stopGaps = ctx.live.onGap(() => batch.run());
  await ctx.live.start();
  batch.run();
  return {
    async stop() {
      stopHearing();
      stopGaps();
      await batch.flush();
      await sign();
    },
  };
}
