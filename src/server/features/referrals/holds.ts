import type { ReferralHold } from '../../../contract/referral-holds';
import type { Db, Executor } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { cursorKeys, decodeCursor, type PageAsked, page } from '../../lib/cursor';
import { lockUsers } from '../../lib/locks';
import { suspendedAmong } from '../accounts/repository';
import * as repo from '../earning/referral-repository';
import { payReferrer } from '../earning/referrals';

/** Referrals held for review (DESIGN §15): listed for staff, then paid or refused, each in the audit log. */

type HoldRow = Awaited<ReturnType<typeof repo.holdsPage>>[number];

const present = ({ hold, friend, referrer }: HoldRow): ReferralHold => ({
  friend: { _id: friend.id, username: friend.username },
  referrer: { _id: referrer.id, username: referrer.username, entries: referrer.entries },
  shared: hold.shared,
  heldAt: hold.heldAt.toISOString(),
  status: hold.status,
  decidedAt: hold.decidedAt?.toISOString() ?? null,
  note: hold.note,
});

export async function listHolds(db: Db, query: PageAsked & { status: ReferralHold['status'] }) {
  const before = decodeCursor(query.cursor, cursorKeys.timeAndId);
  const rows = await repo.holdsPage(db, query.status, before, query.limit + 1);
  const { items, nextCursor } = page(rows, present, (r) => [r.heldAtExact, r.hold.friendId], query.limit);
  return { holds: items, nextCursor };
}

const holdNotFound = () => notFound('Held referral not found');

const cannotEarn = async (db: Executor, userId: string, now: Date) =>
  (await suspendedAmong(db, [userId], now)).size > 0 || (await repo.isDeleted(db, userId));

/**
 * Decides a held referral once: `pay` credits the referrer as the referral
 * would have been, `refuse` keeps it unpaid for good. Two staff deciding at
 * once: the second finds it decided (409).
 */
export async function decideHold(
  db: Db,
  clock: Clock,
  actor: AuditActor & { id: string },
  friendId: string,
  decision: { pay: true } | { pay: false; reason: string },
) {
  return db.transaction(async (tx) => {
    const hold = await repo.findHold(tx, friendId, { lock: true });
    if (!hold) throw holdNotFound();
    if (hold.status !== 'held') throw conflict(`This referral was already ${hold.status}`, 'already_decided');
    if (actor.id === hold.referrerId || actor.id === friendId)
      throw conflict('You cannot do this to your own account', 'own_account');
    const now = clock.now();
    const shown = present((await repo.holdWithNames(tx, friendId))!);
    if (decision.pay) {
      const locked = await lockUsers(tx, [friendId, hold.referrerId]);
      // Staff never earn, however their invitation was held before they became staff (DESIGN §12).
      if (locked.find((u) => u.id === hold.referrerId)?.staff)
        throw conflict('The referrer is now staff, and staff earn nothing', 'staff_cannot_play');
      // A suspended or deleted referrer earns nothing, whoever decides (DESIGN §8).
      if (await cannotEarn(tx, hold.referrerId, now))
        throw conflict('The referrer is suspended or has deleted their account', 'referrer_cannot_earn');
      await payReferrer(tx, friendId, hold.referrerId, now);
    }
    const status: ReferralHold['status'] = decision.pay ? 'paid' : 'refused';
    const note = decision.pay ? null : decision.reason;
    await repo.decideHold(tx, friendId, { status, decidedAt: now, decidedBy: actor.id, note });
    await recordAudit(
      tx,
      actor,
      {
        action: decision.pay ? 'referral.pay' : 'referral.refuse',
        targetType: 'user',
        targetId: hold.referrerId,
        summary: decision.pay
          ? `Paid ${shown.referrer.username} for referring ${shown.friend.username}, held because they share ${hold.shared}`
          : `Refused ${shown.referrer.username}'s referral of ${shown.friend.username} (they share ${hold.shared}): ${decision.reason}`,
        before: { status: 'held' },
        after: { status, ...(note && { reason: note }) },
      },
      now,
    );
    return {
      message: decision.pay ? 'Referral paid' : 'Referral refused',
      hold: { ...shown, status, decidedAt: now.toISOString(), note },
    };
  });
}
