import { and, asc, eq } from 'drizzle-orm';
import { HOUR_MS } from '../../../contract/constants';
import type {
  AdminAppeal,
  Appeal,
  AppealStatus,
  DecideAppealBody,
  Standing,
} from '../../../contract/standing';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { appeals, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { afterKey, cursorKeys, decodeCursor, exactTime, type PageAsked, page } from '../../lib/cursor';
import { lockUserRow, type UserRow } from '../accounts/repository';
import { isSuspended } from '../accounts/sign-in-rules';
import { type Acting, record } from '../members/acting-on-member';
import { releaseCashoutsIn, unsuspendIn } from '../members/staff-actions';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { staffNotices, tellStaff } from '../notifications/staff-notices';

type Sla = Pick<Config, 'reviewSlaHours'>;
type AppealRow = typeof appeals.$inferSelect;

/** The decision a member stands under now, the heavier first: a suspension, then held cashouts. */
function decisionOf(user: UserRow, now: Date) {
  if (isSuspended(user, now))
    return {
      decision: 'suspended' as const,
      at: user.suspendedAt!,
      category: user.suspensionReason ?? 'Suspended',
      until: user.suspendedUntil,
    };
  if (user.cashoutsHeldAt)
    return {
      decision: 'held' as const,
      at: user.cashoutsHeldAt,
      category: user.cashoutsHoldReason ?? 'Cashouts held for a check',
      until: null,
    };
  return null;
}

const after = (from: Date, { reviewSlaHours }: Sla) => new Date(from.getTime() + reviewSlaHours * HOUR_MS);
/** A person looks within the SLA of the decision, or of the appeal while it waits. */
const reviewByOf = (at: Date, appeal: AppealRow | undefined, sla: Sla) =>
  after(appeal?.status === 'open' ? appeal.createdAt : at, sla);

const presentAppeal = (a: AppealRow): Appeal => ({
  _id: a.id,
  status: a.status,
  message: a.message,
  at: a.createdAt.toISOString(),
  reply: a.reply,
  decidedAt: a.decidedAt?.toISOString() ?? null,
});

async function appealOf(db: Executor, userId: string, decision: 'held' | 'suspended', at: Date) {
  const [row] = await db
    .select()
    .from(appeals)
    .where(and(eq(appeals.userId, userId), eq(appeals.decision, decision), eq(appeals.decisionAt, at)));
  return row;
}

/** Where the member stands now, why in the words staff gave them, and when a person will look. */
export async function standingOf(db: Executor, sla: Sla, user: UserRow, now: Date): Promise<Standing> {
  const d = decisionOf(user, now);
  if (!d) return { status: 'ok', category: null, since: null, reviewBy: null, until: null, appeal: null };
  const appeal = await appealOf(db, user.id, d.decision, d.at);
  return {
    status: d.decision,
    category: d.category,
    since: d.at.toISOString(),
    reviewBy: reviewByOf(d.at, appeal, sla).toISOString(),
    until: d.until?.toISOString() ?? null,
    appeal: appeal ? presentAppeal(appeal) : null,
  };
}

/**
 * The member appeals the decision they stand under, once: it enters the review queue and staff are
 * told. 409 when there is nothing to appeal, or this decision was appealed already.
 */
export async function appeal(db: Db, sla: Sla, userId: string, message: string, now: Date) {
  return db.transaction(async (tx) => {
    const user = (await lockUserRow(tx, userId))!;
    const d = decisionOf(user, now);
    if (!d)
      throw conflict('Your account is in good standing: there is nothing to appeal', 'nothing_to_appeal');
    const [made] = await tx
      .insert(appeals)
      .values({ userId, decision: d.decision, decisionAt: d.at, message, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: appeals.id });
    if (!made)
      throw conflict(
        'You have already appealed this decision: we will tell you when it is decided',
        'already_appealed',
      );
    await tellStaff(
      tx,
      'members',
      staffNotices.appeal({
        id: made.id,
        username: user.username,
        decision: d.decision,
        reviewBy: after(now, sla),
      }),
      now,
    );
    return standingOf(tx, sla, user, now);
  });
}

const listed = { appeal: appeals, member: { id: users.id, username: users.username } };
type Listed = { appeal: AppealRow; member: { id: string; username: string } };

/** The category staff gave the decision, while it stands; what was appealed once it is gone. */
const presentListed = ({ appeal: a, member }: Listed, sla: Sla): AdminAppeal => ({
  ...presentAppeal(a),
  member: { _id: member.id, username: member.username },
  decision: a.decision,
  category: a.decision === 'held' ? 'Cashouts held' : 'Suspended',
  reviewBy: after(a.createdAt, sla).toISOString(),
});

/** Appeals of one status, the oldest first: the review queue's, worked in the order they came. */
export async function listAppeals(db: Db, sla: Sla, query: PageAsked & { status: AppealStatus }) {
  const from = decodeCursor(query.cursor, cursorKeys.timeAndId);
  const rows = await db
    .select({ ...listed, at: exactTime(appeals.createdAt) })
    .from(appeals)
    .innerJoin(users, eq(users.id, appeals.userId))
    .where(and(eq(appeals.status, query.status), afterKey([appeals.createdAt, appeals.id], from, 'asc')))
    .orderBy(asc(appeals.createdAt), asc(appeals.id))
    .limit(query.limit + 1);
  const { items, nextCursor } = page(
    rows,
    (r) => presentListed(r, sla),
    (r) => [r.at, r.appeal.id],
    query.limit,
  );
  return { appeals: items, nextCursor };
}

/**
 * Staff decide an appeal once, with the reason the member is told. Overturned, the decision is undone
 * in the same transaction (the hold released or the suspension lifted, audited as staff doing it).
 */
export async function decideAppeal(acting: Acting, sla: Sla, id: string, body: DecideAppealBody) {
  const now = acting.clock.now();
  return acting.db.transaction(async (tx) => {
    const [found] = await tx
      .select(listed)
      .from(appeals)
      .innerJoin(users, eq(users.id, appeals.userId))
      .where(eq(appeals.id, id))
      .for('update', { of: appeals });
    if (!found) throw notFound('Appeal not found');
    if (found.appeal.status !== 'open')
      throw conflict('This appeal has already been decided', 'already_decided');
    if (body.outcome === 'overturned') {
      const reason = `Appeal overturned: ${body.reason}`;
      const user = (await lockUserRow(tx, found.member.id))!;
      // Undone only while it stands: a decision already undone by other means leaves nothing to undo.
      const standing = decisionOf(user, now);
      if (standing?.decision === 'suspended' && found.appeal.decision === 'suspended')
        await unsuspendIn(tx, acting, user.id, reason);
      if (found.appeal.decision === 'held' && user.cashoutsHeldAt)
        await releaseCashoutsIn(tx, acting, user.id, reason);
    }
    const [decided] = await tx
      .update(appeals)
      .set({ status: body.outcome, reply: body.reason, decidedAt: now, decidedBy: acting.actor.id })
      .where(eq(appeals.id, id))
      .returning();
    await record(tx, acting, 'user.appeal_decide', found.member.id, {
      summary: `Decided the member's appeal of their ${found.appeal.decision === 'held' ? 'held cashouts' : 'suspension'}: ${body.outcome}, ${body.reason}`,
      before: { appeal: 'open' },
      after: { appeal: body.outcome },
    });
    await notify(
      tx,
      found.member.id,
      notices.appealDecided({ id, outcome: body.outcome, reason: body.reason }),
      now,
    );
    return { appeal: presentListed({ appeal: decided!, member: found.member }, sla) };
  });
}
