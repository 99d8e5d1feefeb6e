import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { DAY_MS } from '../../../contract/constants';
import { daysBetween } from '../../../contract/transparency';
import {
  DELIVERY_ALERT_DAYS,
  DELIVERY_PROMISE_DAYS,
  type Delivery,
  type DeliveryStatus,
} from '../../../contract/wins';
import type { Db } from '../../db/client';
import { prizes, users, wins, withdrawals } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { staffNotices, tellStaff } from '../notifications/staff-notices';
import { appendLeaf } from '../transparency/log';

type WinDelivery = {
  claimedAt: Date | null;
  delivery: DeliveryStatus | null;
  carrier: string | null;
  trackingNumber: string | null;
  dispatchedAt: Date | null;
  deliveredAt: Date | null;
};

/** Where a claimed prize is on its way (DESIGN §17), or null before the claim. */
export function deliveryOf(win: WinDelivery): Delivery | null {
  if (!win.claimedAt || !win.delivery) return null;
  return {
    status: win.delivery,
    carrier: win.carrier,
    tracking: win.trackingNumber,
    dispatchedAt: win.dispatchedAt?.toISOString() ?? null,
    deliveredAt: win.deliveredAt?.toISOString() ?? null,
    promisedBy: new Date(win.claimedAt.getTime() + DELIVERY_PROMISE_DAYS * DAY_MS).toISOString(),
  };
}

/**
 * Moves a claimed prize that is posted on: `fulfilling → dispatched` with its
 * carrier and tracking number, then `dispatched → delivered`, each once, by a
 * conditional update. Cash, and a gift card Tremendous sends, are not posted: their payout delivers them
 * (payouts/moves.ts).
 * The winner is told, and the audit log records who did it.
 */
export async function moveDelivery(
  db: Db,
  clock: Clock,
  actor: AuditActor,
  ids: { prizeId: string; userId: string },
  move: { to: 'dispatched'; carrier: string; tracking: string } | { to: 'delivered' },
) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ prize: { title: prizes.title, type: prizes.type }, username: users.username })
      .from(wins)
      .innerJoin(prizes, eq(prizes.id, wins.prizeId))
      .innerJoin(users, eq(users.id, wins.userId))
      .where(and(eq(wins.prizeId, ids.prizeId), eq(wins.userId, ids.userId)));
    if (!found) throw notFound('Winner not found');
    const [payout] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.prizeId, ids.prizeId), eq(withdrawals.userId, ids.userId)));
    if (found.prize.type === 'cash' || payout)
      throw conflict('This prize is paid through the Withdrawals tab, not posted', 'paid_as_payout');
    const from: DeliveryStatus = move.to === 'dispatched' ? 'fulfilling' : 'dispatched';
    const [moved] = await tx
      .update(wins)
      .set(
        move.to === 'dispatched'
          ? {
              delivery: 'dispatched',
              carrier: move.carrier,
              trackingNumber: move.tracking,
              dispatchedAt: now,
            }
          : { delivery: 'delivered', deliveredAt: now },
      )
      .where(
        and(
          eq(wins.prizeId, ids.prizeId),
          eq(wins.userId, ids.userId),
          eq(wins.delivery, from),
          isNull(wins.forfeitedAt),
        ),
      )
      .returning();
    if (!moved)
      throw conflict(
        move.to === 'dispatched'
          ? 'Only a claimed prize not yet dispatched can be marked dispatched'
          : 'Only a dispatched prize can be marked delivered',
        'delivery_moved',
      );
    if (move.to === 'delivered')
      await appendLeaf(tx, {
        type: 'delivery',
        prize: ids.prizeId,
        winner: moved.pid,
        days: daysBetween(moved.drawnAt, now),
        at: now.toISOString(),
      });
    const prize = { id: ids.prizeId, title: found.prize.title };
    await notify(
      tx,
      ids.userId,
      move.to === 'dispatched'
        ? notices.prizeDispatched(prize, move.carrier, move.tracking)
        : notices.prizeDelivered(prize),
      now,
    );
    await recordAudit(
      tx,
      actor,
      {
        action: move.to === 'dispatched' ? 'winner.dispatch' : 'winner.delivered',
        targetType: 'win',
        targetId: `${ids.prizeId}:${ids.userId}`,
        summary:
          move.to === 'dispatched'
            ? `Dispatched ${found.prize.title} to ${found.username} by ${move.carrier}, tracking ${move.tracking}`
            : `${found.prize.title} delivered to ${found.username}`,
        before: { delivery: from },
        after: { delivery: move.to },
      },
      now,
    );
  });
}

/**
 * Tells staff, once each, of every claimed prize not delivered DELIVERY_ALERT_DAYS
 * after its claim, before the DELIVERY_PROMISE_DAYS the Contest Rules promise run out.
 */
export async function alertLateDeliveries(db: Db, clock: Clock) {
  const now = clock.now();
  const late = await db
    .select({
      prizeId: wins.prizeId,
      userId: wins.userId,
      claimedAt: wins.claimedAt,
      title: prizes.title,
      username: users.username,
    })
    .from(wins)
    .innerJoin(prizes, eq(prizes.id, wins.prizeId))
    .innerJoin(users, eq(users.id, wins.userId))
    .where(
      and(
        lte(wins.claimedAt, new Date(now.getTime() - DELIVERY_ALERT_DAYS * DAY_MS)),
        inArray(wins.delivery, ['fulfilling', 'dispatched']),
        isNull(wins.forfeitedAt),
      ),
    );
  let told = 0;
  for (const win of late) {
    const promisedBy = new Date(win.claimedAt!.getTime() + DELIVERY_PROMISE_DAYS * DAY_MS);
    told += await tellStaff(db, 'prizes', staffNotices.lateDelivery(win, promisedBy), now);
  }
  return { late: late.length, told };
}
