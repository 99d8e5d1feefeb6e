import { and, eq } from 'drizzle-orm';
import type { AuditAction } from '../../../contract/audit';
import {
  CASH_RETURNED,
  mayMove,
  PAYOUT_PROVIDER_NAMES,
  type PayoutProvider,
  paidHow,
  type WithdrawalStatus,
} from '../../../contract/payouts';
import { daysBetween } from '../../../contract/transparency';
import type { Executor } from '../../db/client';
import { wins, withdrawals } from '../../db/schema';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import { countDaily } from '../../lib/daily-totals';
import { pounds } from '../../lib/money';
import { lockUserRow } from '../accounts/repository';
import { refund } from '../earning/moves';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { appendLeaf } from '../transparency/log';
import { recordStep } from './timeline';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** A move of a withdrawal, and what comes with it. */
export interface Move {
  to: WithdrawalStatus;
  at: Date;
  /** Who pays it, once it is known. */
  provider?: PayoutProvider;
  /** The provider's ids, once it has them; a typed reference for a manual payment. */
  providerRef?: string | null;
  providerItemRef?: string | null;
  reference?: string;
  /** Why it failed, came back or was reversed. */
  reason?: string | null;
  /** What the audit log says beyond the move itself. */
  note?: string;
}

const SETTLED: readonly WithdrawalStatus[] = ['paid', ...CASH_RETURNED];

const auditAction = (to: WithdrawalStatus, actor: AuditActor): AuditAction => {
  if (to === 'approved') return 'withdrawal.approve';
  if (to === 'submitted') return 'withdrawal.send';
  if (actor.id === null) return 'withdrawal.update';
  if (to === 'paid') return 'withdrawal.paid';
  if (to === 'rejected') return 'withdrawal.reject';
  return 'withdrawal.cancel';
};

/**
 * Moves a withdrawal on, once (DESIGN §17): only where WITHDRAWAL_MOVES lets
 * its state go, so a move made already, or one a newer state has overtaken,
 * changes nothing and answers undefined. The member's row and then the
 * payout's are locked for the move, and the update is conditional on the
 * state read. With the move come its place in the timeline, the cash back to
 * the member when the payout did not reach them (once, by its key), the day's
 * cash paid, a cash prize delivered, the member's notice and the audit row.
 */
export async function moveWithdrawal(
  tx: Executor,
  actor: AuditActor,
  id: string,
  move: Move,
): Promise<WithdrawalRow | undefined> {
  // The member's row first, then the payout's: the order every money move takes, so none wait on each other.
  const [owner] = await tx
    .select({ userId: withdrawals.userId })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  if (!owner) return undefined;
  await lockUserRow(tx, owner.userId);
  const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  if (!current || !mayMove(current.status, move.to)) return undefined;
  const settles = SETTLED.includes(move.to);
  const [row] = await tx
    .update(withdrawals)
    .set({
      status: move.to,
      submittingUntil: null,
      ...(move.provider && { provider: move.provider }),
      ...(move.providerRef && { providerRef: move.providerRef }),
      ...(move.providerItemRef && { providerItemRef: move.providerItemRef }),
      ...(move.reference && { paymentReference: move.reference }),
      ...(move.reason && { failureReason: move.reason }),
      ...(settles && { settledAt: move.at, settledBy: actor.id }),
    })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, current.status)))
    .returning();
  if (!row) return undefined;
  // The manual method's "paid" on a pending request approves it on the way.
  const reached: WithdrawalStatus[] =
    current.status === 'pending' && move.to === 'paid' ? ['approved', 'paid'] : [move.to];
  for (const status of reached) await recordStep(tx, id, status, move.at);
  if (move.to === 'paid') await countDaily(tx, move.at, row.userId, { cash_paid: row.amountPence });
  // A cash prize is delivered once its payout is paid.
  if (move.to === 'paid' && row.prizeId)
    await tx
      .update(wins)
      .set({ delivery: 'delivered', deliveredAt: move.at })
      .where(and(eq(wins.prizeId, row.prizeId), eq(wins.userId, row.userId)));
  if (CASH_RETURNED.includes(move.to))
    await refund(tx, {
      userId: row.userId,
      amount: row.amountPence,
      account: 'cash',
      reason: 'withdrawal_returned',
      reference: id,
      idempotencyKey: `withdrawal-returned:${id}`,
      at: move.at,
    });
  // A settled payout is public, as its amount, method and days taken: never who asked for it.
  if (settles)
    await appendLeaf(tx, {
      type: 'payout',
      outcome: move.to,
      amountPence: row.amountPence,
      method: row.provider ?? 'manual',
      days: daysBetween(row.requestedAt, move.at),
      prize: row.prizeId,
      at: move.at.toISOString(),
    });
  const notice = noticeOf(row, move);
  if (notice) await notify(tx, row.userId, notice, move.at);
  await recordAudit(
    tx,
    actor,
    {
      action: auditAction(move.to, actor),
      targetType: 'withdrawal',
      targetId: id,
      summary: `${summaryOf(row, move)}${move.note ? `, ${move.note}` : ''}`,
      before: { status: current.status },
      after: { status: move.to, ...(row.providerRef && { providerRef: row.providerRef }) },
    },
    move.at,
  );
  return row;
}

const BACK = "; the money went back to the member's balance";

/** What the audit log says of a move. */
function summaryOf(row: WithdrawalRow, move: Move) {
  const amount = pounds(row.amountPence);
  const by = PAYOUT_PROVIDER_NAMES[row.provider ?? 'manual'];
  const why = row.failureReason ? ` (${row.failureReason})` : '';
  switch (move.to) {
    case 'approved':
      return `Approved a ${amount} withdrawal to be paid ${paidHow(row.provider ?? 'manual')}`;
    case 'submitted':
      return `Sent a ${amount} withdrawal to ${by}, reference ${row.providerRef}`;
    case 'paid':
      return row.provider === 'manual'
        ? `Marked a ${amount} withdrawal paid, reference ${row.paymentReference}`
        : `${by} paid a ${amount} withdrawal`;
    case 'unclaimed':
      return `A ${amount} withdrawal sent ${paidHow(row.provider ?? 'manual')} waits to be claimed`;
    case 'rejected':
      return `Rejected a ${amount} withdrawal${BACK}`;
    default:
      return `A ${amount} withdrawal ${move.to === 'failed' ? 'failed' : move.to === 'returned' ? 'came back' : 'was reversed'}${why}${BACK}`;
  }
}

function noticeOf(row: WithdrawalRow, move: Move) {
  switch (move.to) {
    case 'paid':
      return notices.withdrawalPaid(row);
    case 'rejected':
      return notices.withdrawalRejected(row);
    case 'failed':
    case 'returned':
    case 'reversed':
      return notices.withdrawalReturned({ ...row, status: move.to, reason: row.failureReason });
    case 'unclaimed':
      return notices.withdrawalUnclaimed({ ...row, paypalEmail: row.details.paypalEmail ?? '' }, 0);
    default:
      return undefined;
  }
}
