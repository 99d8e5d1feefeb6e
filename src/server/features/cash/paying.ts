// Paying withdrawals: the payouts page, paying, sending, rejecting and cancelling, with four eyes on the
// day's totals (DESIGN §16, §17).
import { and, eq, ne } from 'drizzle-orm';
import { APPROVAL_WAITING } from '../../../contract/approvals';
import { PAYOUT_PROVIDER_NAMES, paidHow } from '../../../contract/payouts';
import type { ApprovalThresholds } from '../../config';
import type { Db, Executor } from '../../db/client';
import { withdrawals } from '../../db/schema';
import { AppError, conflict, notFound, staffAccount } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import { eachOf } from '../../lib/bulk';
import type { Clock } from '../../lib/clock';
import { cursorKeys, decodeCursor, type PageAsked, page } from '../../lib/cursor';
import { pounds } from '../../lib/money';
import { lockUserRow, type UserRow } from '../accounts/repository';
import { mayMoveAlone } from '../four-eyes/alone-limits';
import { requestApproval } from '../four-eyes/asking';
import type { PayoutDesk } from '../payouts/desk';
import { moveWithdrawal } from '../payouts/moves';
import { ProviderRefused, ProviderUnavailable } from '../payouts/provider';
import { timelinesOf } from '../payouts/timeline';
import { NO_RISK, riskOf, risksOf } from '../risk/repository';
import { heldBecause, presentForAdmin } from './present';
import * as repo from './repository';

export async function adminWithdrawals(
  db: Db,
  now: Date,
  query: PageAsked & { status: repo.WithdrawalRow['status'] },
) {
  const rows = await repo.withdrawalsIn(
    db,
    query.status,
    decodeCursor(query.cursor, cursorKeys.timeAndId),
    query.limit + 1,
  );
  const risks = await risksOf(
    db,
    rows.map((r) => r.user.id),
  );
  const timelines = await timelinesOf(
    db,
    rows.map((r) => r.withdrawal.id),
  );
  const { items, nextCursor } = page(
    rows,
    (row) =>
      presentForAdmin(row, risks.get(row.user.id) ?? NO_RISK, now, timelines.get(row.withdrawal.id) ?? []),
    (row) => [row.at, row.withdrawal.id],
    query.limit,
  );
  return { withdrawals: items, nextCursor };
}

/** What staff ask for: a manual payment with its reference, or a payout sent to its provider. */
export type Payout =
  | { kind: 'paid'; reference: string; acknowledgeSignals?: boolean }
  | { kind: 'send'; acknowledgeSignals?: boolean };

/**
 * Pays a pending request by hand with its reference (`paid`), or approves it
 * and hands it to its provider (`send`, DESIGN §17); either happens once,
 * whoever presses first. A suspended member's, or one whose cashouts are held,
 * cannot be paid until that is lifted, and one from a member with fraud
 * signals only once the admin acknowledges them. It waits for a second member
 * of staff (DESIGN §16, 202) when the member has fraud signals, or when it
 * would bring what this member received, or what this member of staff moved
 * alone, in a day to the cash threshold: the same checks are made when asking,
 * and again when it is approved. The member's row is locked first, so a
 * suspension cannot slip in between. A manual payout already approved is
 * marked paid with no second approval: its four eyes were at approval.
 */
export async function payWithdrawal(
  db: Db,
  clock: Clock,
  thresholds: ApprovalThresholds,
  actor: AuditActor & { id: string },
  id: string,
  payout: Payout,
  desk: PayoutDesk,
) {
  const answer = await db.transaction(async (tx) => {
    const existing = await repo.findWithdrawal(tx, id);
    if (!existing) throw notFound('Withdrawal not found');
    notOwn(existing, actor);
    if (existing.status !== 'pending')
      return { withdrawal: await settle(tx, clock, actor, id, payout, desk) };
    const now = clock.now();
    const member = (await lockUserRow(tx, existing.userId))!;
    const risk = await assertPayable(tx, member, now, payout);
    const move = {
      staffId: actor.id,
      memberId: member.id,
      account: 'cash' as const,
      amount: existing.amountPence,
    };
    if (risk.score === 0 && (await mayMoveAlone(tx, thresholds, move, now)))
      return { withdrawal: await settle(tx, clock, actor, id, payout, desk) };
    const signals = risk.score > 0 ? `, acknowledging ${risk.signals.map((s) => s.code).join(', ')}` : '';
    const what =
      payout.kind === 'paid'
        ? `pay a ${pounds(existing.amountPence)} withdrawal (reference ${payout.reference}${signals})`
        : `send a ${pounds(existing.amountPence)} withdrawal to be paid ${paidHow(desk.providerFor(existing.method))}${signals}`;
    return requestApproval(tx, actor, now, {
      kind: 'payout',
      targetId: id,
      payload: { withdrawalId: id, ...payout, acknowledgeSignals: payout.acknowledgeSignals ?? false },
      summary: `${member.username}: ${what}`,
    });
  });
  if ('withdrawal' in answer && answer.withdrawal.status === 'approved') desk.sendSoon();
  return answer;
}

/**
 * Several paid under one batch reference, or sent, each in a transaction of
 * its own and exactly as if alone, so one that cannot be paid leaves the
 * others paid. Members with fraud signals are refused here: they are paid one
 * at a time, after someone has looked at the signals.
 */
export async function payWithdrawals<Done extends 'paid' | 'sent'>(
  db: Db,
  clock: Clock,
  thresholds: ApprovalThresholds,
  actor: AuditActor & { id: string },
  { ids, payout, done }: { ids: string[]; payout: Payout; done: Done },
  desk: PayoutDesk,
) {
  return eachOf<'approval' | Done>(ids, async (id) =>
    'approval' in (await payWithdrawal(db, clock, thresholds, actor, id, payout, desk))
      ? { outcome: 'approval' as const, message: APPROVAL_WAITING }
      : { outcome: done, message: null },
  );
}

export const rejectWithdrawal = (db: Db, clock: Clock, actor: AuditActor, id: string) =>
  db.transaction(async (tx) => {
    const existing = await repo.findWithdrawal(tx, id);
    if (!existing) throw notFound('Withdrawal not found');
    notOwn(existing, actor);
    // Refused unless still pending once its row is locked: a payment at the same moment may be first.
    const moved =
      existing.status === 'pending' &&
      (await moveWithdrawal(tx, actor, id, { to: 'rejected', at: clock.now() }));
    if (!moved) throw alreadyMoved((await repo.findWithdrawal(tx, id))!);
    return { withdrawal: await presented(tx, id, clock.now()) };
  });

/**
 * Cancels a payout (DESIGN §17): one not yet sent is rejected, its money back
 * to the member; an unclaimed PayPal one is cancelled at PayPal, which returns
 * the money to us, and so to the member. Anything else is on its way or done.
 */
export async function cancelWithdrawal(
  db: Db,
  clock: Clock,
  actor: AuditActor,
  id: string,
  desk: PayoutDesk,
) {
  const existing = await repo.findWithdrawal(db, id);
  if (!existing) throw notFound('Withdrawal not found');
  notOwn(existing, actor);
  if (existing.status === 'unclaimed' && existing.provider === 'paypal' && existing.providerItemRef) {
    if (!desk.paypal)
      throw conflict('PayPal is not configured here, so its payout cannot be cancelled', 'provider_off');
    const reading = await desk.paypal.cancel(existing.providerItemRef).catch((err) => {
      if (err instanceof ProviderUnavailable || err instanceof ProviderRefused)
        throw conflict(`PayPal did not cancel it: ${err.message}`, 'provider_refused');
      throw err;
    });
    const moved = await db.transaction((tx) =>
      moveWithdrawal(tx, actor, id, {
        to: 'returned',
        at: clock.now(),
        providerItemRef: reading.itemRef,
        reason: 'We cancelled the payout before it was claimed',
      }),
    );
    // Its webhook may have returned it first: the cancel was still PayPal's answer.
    if (!moved && (await repo.findWithdrawal(db, id))!.status !== 'returned')
      throw alreadyMoved((await repo.findWithdrawal(db, id))!);
  } else if (existing.status === 'pending' || existing.status === 'approved') {
    const moved = await db.transaction(async (tx) => {
      // A payout being sent right now is not cancelled from under its provider.
      const [held] = await tx
        .select({ until: withdrawals.submittingUntil })
        .from(withdrawals)
        .where(eq(withdrawals.id, id))
        .for('update');
      if (held?.until && held.until > clock.now()) return undefined;
      return moveWithdrawal(tx, actor, id, {
        to: 'rejected',
        at: clock.now(),
        note: 'cancelled before it was sent',
      });
    });
    if (!moved) throw conflict('This payout is being sent now: look again in a minute', 'payout_sending');
  } else {
    throw conflict(
      `This payout is ${existing.status}: it can no longer be cancelled`,
      'payout_not_cancellable',
    );
  }
  return { withdrawal: await presented(db, id, clock.now()) };
}

/**
 * Sends an approved payout to its provider now: its wait after a failure is
 * lifted. Safe however often it is pressed, even while a worker sends it:
 * the provider pays one id once.
 */
export async function retryWithdrawal(db: Db, clock: Clock, actor: AuditActor, id: string, desk: PayoutDesk) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({ submittingUntil: null })
      .where(
        and(eq(withdrawals.id, id), eq(withdrawals.status, 'approved'), ne(withdrawals.provider, 'manual')),
      )
      .returning();
    if (!row) {
      const existing = await repo.findWithdrawal(tx, id);
      if (!existing) throw notFound('Withdrawal not found');
      throw conflict('Only an approved payout that a provider pays can be sent again', 'not_retryable');
    }
    await recordAudit(
      tx,
      actor,
      {
        action: 'withdrawal.send',
        targetType: 'withdrawal',
        targetId: id,
        summary: `Asked for a ${pounds(row.amountPence)} withdrawal to be sent to ${PAYOUT_PROVIDER_NAMES[row.provider!]} again now`,
      },
      now,
    );
  });
  desk.sendSoon();
  return { withdrawal: await presented(db, id, now) };
}

/** Nobody settles their own withdrawal, nor asks or approves its payment: it is always someone else's decision. */
function notOwn(withdrawal: { userId: string }, actor: AuditActor) {
  if (withdrawal.userId === actor.id) throw conflict('You cannot do this to your own account', 'own_account');
}

/** Why a member may not be paid now: staff, held cashouts, a suspension, or fraud signals not acknowledged. */
async function assertPayable(
  tx: Executor,
  member: UserRow,
  now: Date,
  { acknowledgeSignals = false }: { acknowledgeSignals?: boolean },
) {
  if (member.staffRole) throw staffAccount();
  const held = heldBecause(member, now);
  if (held) throw conflict(`${held}, so this withdrawal cannot be paid until that is lifted`, 'payout_held');
  const risk = await riskOf(tx, member.id);
  if (risk.score > 0 && !acknowledgeSignals) {
    throw new AppError(
      409,
      'This member has fraud signals. Look at them, then confirm that you have to pay.',
      'signals_unacknowledged',
      undefined,
      { risk },
    );
  }
  return risk;
}

/**
 * Pays a withdrawal by hand or approves it for its provider, in the caller's
 * transaction: at once, or once a payment is approved. A pending one is
 * checked again first; a manual one already approved is simply marked paid.
 */
export async function settle(
  tx: Executor,
  clock: Clock,
  actor: AuditActor,
  id: string,
  payout: Payout,
  desk: Pick<PayoutDesk, 'providerFor'>,
) {
  const now = clock.now();
  const existing = await repo.findWithdrawal(tx, id);
  if (!existing) throw notFound('Withdrawal not found');
  notOwn(existing, actor);
  const member = (await lockUserRow(tx, existing.userId))!;
  const risk = existing.status === 'pending' ? await assertPayable(tx, member, now, payout) : NO_RISK;
  const note = risk.score > 0 ? `acknowledging ${risk.signals.map((s) => s.code).join(', ')}` : undefined;
  const manualApproved = existing.status === 'approved' && existing.provider === 'manual';
  const moved =
    payout.kind === 'paid' && (existing.status === 'pending' || manualApproved)
      ? await moveWithdrawal(tx, actor, id, {
          to: 'paid',
          at: now,
          provider: 'manual',
          reference: payout.reference,
          note,
        })
      : payout.kind === 'send' && existing.status === 'pending'
        ? await moveWithdrawal(tx, actor, id, {
            to: 'approved',
            at: now,
            provider: desk.providerFor(existing.method),
            note,
          })
        : undefined;
  if (!moved) throw alreadyMoved((await repo.findWithdrawal(tx, id))!);
  return presented(tx, id, now);
}

/** The refusal of a move another made first. */
const alreadyMoved = (current: repo.WithdrawalRow) =>
  conflict(
    current.status === 'approved'
      ? `This withdrawal is approved, to be paid ${paidHow(current.provider ?? 'manual')}`
      : `This withdrawal was already marked ${current.status}`,
    'already_settled',
  );

async function presented(tx: Executor, id: string, now: Date) {
  const row = (await repo.withdrawalWithUser(tx, id))!;
  const [timeline] = (await timelinesOf(tx, [id])).values();
  return presentForAdmin(row, await riskOf(tx, row.user.id), now, timeline ?? []);
}
