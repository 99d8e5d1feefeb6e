import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { TOPIC_OF } from '../../../contract/notifications';
import type { AppContext } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { notificationPreferences, notifications, users } from '../../db/schema';
import { selfExclusionEnd } from '../../lib/acting-member';
import { memberStatus } from '../accounts/sign-in-rules';
import { deliverDueMail, smtpTransport } from '../mail/deliver';
import { queueMail } from '../mail/outbox';
import { notificationMail, unsubscribeLinks } from './mail';
import { deliverDuePush } from './push';
import { type Channel, withDefaults } from './repository';
import type { SiteKeys } from './site-keys';
import { unsubscribeToken } from './unsubscribe-token';

const BATCH = 200;

export interface Dispatching {
  db: Db;
  siteUrl: string;
  keys: SiteKeys;
  now: () => Date;
}

/**
 * Sends each new notification on by email and push, as the member chose
 * (DESIGN §9): a batch at a time, each claimed with SKIP LOCKED and marked
 * dispatched in the transaction that queues its mail and pushes, so every
 * instance may run this at once and each notification goes out once. Wins and
 * withdrawals always go; anything optional goes only to a member in good
 * standing (not on a break, self-excluded, suspended or erased) who has that topic on.
 */
export async function dispatchNotifications(d: Dispatching) {
  let emailed = 0;
  let pushed = 0;
  let dispatched = 0;
  const key = await d.keys.unsubscribe();
  for (;;) {
    const batch = await d.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          n: notifications,
          member: {
            email: users.email,
            username: users.username,
            deletedAt: users.deletedAt,
            suspendedAt: users.suspendedAt,
            suspendedUntil: users.suspendedUntil,
            breakForGood: users.breakForGood,
            breakUntil: users.breakUntil,
            selfExcludedUntil: users.selfExcludedUntil,
          },
          emailChoices: notificationPreferences.email,
          pushChoices: notificationPreferences.push,
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, notifications.userId))
        .where(isNull(notifications.dispatchedAt))
        .orderBy(asc(notifications.id))
        .limit(BATCH)
        .for('update', { of: notifications, skipLocked: true });
      const now = d.now();
      for (const { n, member, emailChoices, pushChoices } of rows) {
        const status = memberStatus(member, now);
        if (status === 'deleted') continue;
        const topic = TOPIC_OF[n.type];
        // Staff notices are the bell's, and the day's letter's (staff-digest.ts).
        if (topic === 'staff') continue;
        const choices = withDefaults({ email: emailChoices, push: pushChoices });
        // Nothing optional reaches a member who excluded themselves: it would ask them back to play (§19).
        const reachable = status === 'active' && !selfExclusionEnd(member, now);
        const wanted = (channel: Channel) =>
          topic === null ||
          (topic === 'pushOnly' ? channel === 'push' : reachable && choices[channel][topic]);
        if (wanted('email') && topic !== 'pushOnly') {
          const links = topic
            ? unsubscribeLinks(d.siteUrl, topic, unsubscribeToken(key, n.userId, topic))
            : undefined;
          const mailId = await queueMail(tx, notificationMail(n, member, d.siteUrl, links));
          await tx.update(notifications).set({ mailId }).where(eq(notifications.id, n.id));
          emailed++;
        }
        if (wanted('push')) {
          const queued = await rowsOf(
            tx,
            sql`insert into push_deliveries (notification_id, subscription_id, next_attempt_at)
                select ${n.id}, id, ${now.toISOString()} from push_subscriptions where user_id = ${n.userId}
                returning id`,
          );
          pushed += queued.length;
        }
      }
      if (rows.length)
        await tx
          .update(notifications)
          .set({ dispatchedAt: now })
          .where(
            inArray(
              notifications.id,
              rows.map((r) => r.n.id),
            ),
          );
      return rows.length;
    });
    dispatched += batch;
    if (batch < BATCH) break;
  }
  return { dispatched, emailed, pushed };
}

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
