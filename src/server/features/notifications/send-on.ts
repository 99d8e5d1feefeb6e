import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { deliverDueMail, smtpTransport } from '../mail/deliver';
import { dispatchNotifications } from './dispatch';
import { deliverDuePush } from './push';

type Sending = Pick<AppContext, 'db' | 'clock' | 'config' | 'keys' | 'pushAgent'>;

/** Queues new notifications' email and pushes; sends the pushes that are due. For the jobs and for `sendingOn`. */
export function notificationSenders(ctx: Sending) {
  const now = () => ctx.clock.now();
  return {
    dispatch: () => dispatchNotifications({ db: ctx.db, siteUrl: ctx.config.siteUrl, keys: ctx.keys, now }),
    push: () =>
      deliverDuePush({
        db: ctx.db,
        hosts: ctx.config.pushServiceHosts,
        keys: ctx.keys,
        subject: ctx.config.vapid.subject,
        now,
        agent: ctx.pushAgent,
      }),
  };
}

/**
 * `task`, run as soon as asked but never twice at once: asked while it runs,
 * it runs once more after, however many times it was asked meanwhile.
 */
function soon(task: () => Promise<unknown>, onError: (err: unknown) => void) {
  let running: Promise<void> | undefined;
  let again = false;
  const loop = async () => {
    do {
      again = false;
      await task().catch(onError);
    } while (again);
    running = undefined;
  };
  return {
    run() {
      if (running) again = true;
      else running = loop();
    },
    idle: () => running ?? Promise.resolve(),
  };
}

/**
 * Every instance sends a notification (and, with SMTP, queued mail) the moment it is announced, whichever
 * instance committed it, so a win's push does not wait for the next minute's
 * job. Instances racing for the same one is safe: the dispatcher claims each
 * with SKIP LOCKED. The jobs' runs each minute catch whatever this missed.
 */
export async function sendingOn(
  ctx: Sending & Pick<AppContext, 'live'>,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const { dispatch, push } = notificationSenders(ctx);
  const send = soon(
    async () => {
      await dispatch();
      await push();
    },
    (err) => log.error({ err }, 'sending notifications on failed'),
  );
  // Mail too, with SMTP: a reset link or a win's email goes the moment it is queued.
  const transport = ctx.config.smtpUrl ? smtpTransport(ctx.config.smtpUrl) : undefined;
  const mail =
    transport &&
    soon(
      () => deliverDueMail(ctx.db, ctx.clock, transport, ctx.config.mailFrom),
      (err) => log.error({ err }, 'sending mail on failed'),
    );
  const stopHearing = ctx.live.subscribeAll((event) => {
    if (event.e === 'notification') send.run();
    else if (event.e === 'mail') mail?.run();
  });
  await ctx.live.start();
  return {
    async stop() {
      stopHearing();
      await send.idle();
      await mail?.idle();
      transport?.close();
    },
  };
}
