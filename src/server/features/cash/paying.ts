// Paying withdrawals: the payouts page, paying and rejecting, with four eyes on the day's totals (DESIGN §16).
import { APPROVAL_WAITING } from '../../../contract/approvals';
import type { ApprovalThresholds } from '../../config';
import type { Db, Executor } from '../../db/client';
import { AppError, conflict, notFound, staffAccount } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import { eachOf } from '../../lib/bulk';
import type { Clock } from '../../lib/clock';
import { cursorKeys, decodeCursor, type PageAsked, page } from '../../lib/cursor';
import { countDaily } from '../../lib/daily-totals';
import { pounds } from '../../lib/money';
import { lockUserRow, type UserRow } from '../accounts/repository';
import { refund } from '../earning/moves';
import { mayMoveAlone } from '../four-eyes/alone-limits';
import { requestApproval } from '../four-eyes/asking';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { NO_RISK, riskOf, risksOf } from '../risk/repository';
import { heldBecause, presentForAdmin } from './present';
import * as repo from './repository';

/** How a payout was made: the provider's reference, and whether the admin has looked at fraud signals. */
type Payment = { reference: string; acknowledgeSignals?: boolean };

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
  const { items, nextCursor } = page(
    rows,
    (row) => presentForAdmin(row, risks.get(row.user.id) ?? NO_RISK, now),
    (row) => [row.at, row.withdrawal.id],
    query.limit,
  );
  return { withdrawals: items, nextCursor };
}

/**
 * Marks a pending request paid, or rejects it and returns the money to the
 * balance; either happens once, whoever presses first. A suspended member's,
 * or one whose cashouts are held, cannot be paid until that is lifted, and one
 * from a member with fraud signals only once the admin acknowledges them.
 * A payment waits for a second member of staff (DESIGN §16, 202) when the
 * member has fraud signals, or when it would bring what this member received,
 * or what this member of staff moved alone, in a day to the cash threshold:
 * the same checks are made when asking, and again when it is approved. The
 * member's row is locked first, so a suspension cannot slip in between.
 */
export async function payWithdrawal(
  db: Db,
  clock: Clock,
  thresholds: ApprovalThresholds,
  actor: AuditActor & { id: string },
  id: string,
  payment: Payment,
) {
  return db.transaction(async (tx) => {
    const existing = await repo.findWithdrawal(tx, id);
    if (!existing) throw notFound('Withdrawal not found');
    notOwn(existing, actor);
    if (existing.status !== 'pending')
      return { withdrawal: await settle(tx, clock, actor, id, 'paid', payment) };
    const now = clock.now();
    const member = (await lockUserRow(tx, existing.userId))!;
    const risk = await assertPayable(tx, member, now, payment);
    const move = {
      staffId: actor.id,
      memberId: member.id,
      account: 'cash' as const,
      amount: existing.amountPence,
    };
    if (risk.score === 0 && (await mayMoveAlone(tx, thresholds, move, now)))
      return { withdrawal: await settle(tx, clock, actor, id, 'paid', payment) };
    const signals = risk.score > 0 ? `, acknowledging ${risk.signals.map((s) => s.code).join(', ')}` : '';
    return requestApproval(tx, actor, now, {
      kind: 'payout',
      targetId: id,
      payload: {
        withdrawalId: id,
        reference: payment.reference,
        acknowledgeSignals: payment.acknowledgeSignals ?? false,
      },
      summary: `${member.username}: pay a ${pounds(existing.amountPence)} withdrawal (reference ${payment.reference}${signals})`,
    });
  });
}

/**
 * Marks several paid under one batch reference, each in a transaction of its
 * own and exactly as if marked alone, so one that cannot be paid leaves the
 * others paid. Members with fraud signals are refused here: they are paid one
 * at a time, after someone has looked at the signals.
 */
export async function payWithdrawals(
  db: Db,
  clock: Clock,
  thresholds: ApprovalThresholds,
  actor: AuditActor & { id: string },
  { ids, reference }: { ids: string[]; reference: string },
) {
  return eachOf(ids, async (id) =>
    'approval' in (await payWithdrawal(db, clock, thresholds, actor, id, { reference }))
      ? { outcome: 'approval' as const, message: APPROVAL_WAITING }
      : { outcome: 'paid' as const, message: null },
  );
}

export const rejectWithdrawal = (db: Db, clock: Clock, actor: AuditActor, id: string) =>
  db.transaction(async (tx) => ({ withdrawal: await settle(tx, clock, actor, id, 'rejected') }));

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

/** Pays or rejects a withdrawal, in the caller's transaction: at once, or once a payment is approved. */
export async function settle(
  tx: Executor,
  clock: Clock,
  actor: AuditActor,
  id: string,
  outcome: 'paid' | 'rejected',
  payment?: Payment,
) {
  const now = clock.now();
  const existing = await repo.findWithdrawal(tx, id);
  if (!existing) throw notFound('Withdrawal not found');
  notOwn(existing, actor);
  const member = (await lockUserRow(tx, existing.userId))!;
  const risk =
    outcome === 'paid' && existing.status === 'pending'
      ? await assertPayable(tx, member, now, payment ?? {})
      : await riskOf(tx, member.id);
  const settled = await repo.settle(tx, id, {
    status: outcome,
    settledAt: now,
    settledBy: actor.id!,
    paymentReference: outcome === 'paid' ? payment?.reference : undefined,
  });
  if (!settled) {
    const current = (await repo.findWithdrawal(tx, id))!;
    throw conflict(`This withdrawal was already marked ${current.status}`, 'already_settled');
  }
  const amount = pounds(settled.amountPence);
  if (outcome === 'rejected') {
    await refund(tx, {
      userId: settled.userId,
      amount: settled.amountPence,
      account: 'cash',
      reason: 'withdrawal_returned',
      reference: id,
      idempotencyKey: `withdrawal-returned:${id}`,
      at: now,
    });
  } else {
    await countDaily(tx, now, settled.userId, { cash_paid: settled.amountPence });
  }
  await notify(
    tx,
    settled.userId,
    outcome === 'paid' ? notices.withdrawalPaid(settled) : notices.withdrawalRejected(settled),
    now,
  );
  await recordAudit(
    tx,
    actor,
    {
      action: outcome === 'paid' ? 'withdrawal.paid' : 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: id,
      summary:
        outcome === 'paid'
          ? `Marked a ${amount} withdrawal paid, reference ${payment?.reference}${risk.score > 0 ? `, acknowledging ${risk.signals.map((s) => s.code).join(', ')}` : ''}`
          : `Rejected a ${amount} withdrawal; the money went back to the member's balance`,
      before: { status: 'pending' },
      after: { status: outcome },
    },
    now,
  );
  return presentForAdmin((await repo.withdrawalWithUser(tx, id))!, risk, now);
}
