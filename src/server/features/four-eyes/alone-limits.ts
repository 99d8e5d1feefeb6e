import { and, eq, gte, or, sql } from 'drizzle-orm';
import { APPROVAL_WINDOW_HOURS } from '../../../contract/approvals';
import { HOUR_MS } from '../../../contract/constants';
import type { LedgerAccount as Account } from '../../../contract/members';
import type { ApprovalThresholds } from '../../config';
import type { Executor } from '../../db/client';
import { soloMoneyMoves } from '../../db/schema';
import { lockNames } from '../../lib/named-locks';

/** A correction or payout a member of staff would make: pence or entries, either way. */
interface MoneyMove {
  staffId: string;
  memberId: string;
  account: Account;
  amount: number;
}

/**
 * Whether a member of staff may make this move alone (DESIGN §16), and if so counts it. It may not
 * when, with what this member received and what this member of staff moved alone in the last
 * APPROVAL_WINDOW_HOURS, either sum would reach its threshold: splitting an amount into calls under
 * the threshold then only brings the approval sooner. The caller holds the member's row lock; the
 * staff member's moves are locked here, so two of their moves at once are summed one after the
 * other (member first, then staff, always in that order, so no two wait on each other in turn).
 */
export async function mayMoveAlone(
  tx: Executor,
  thresholds: ApprovalThresholds,
  move: MoneyMove,
  now: Date,
): Promise<boolean> {
  await lockNames(tx, `solo-money-moves:${move.staffId}`);
  const amount = Math.abs(move.amount);
  const since = new Date(now.getTime() - APPROVAL_WINDOW_HOURS * HOUR_MS);
  const [sums] = await tx
    .select({
      member: sql<string>`coalesce(sum(${soloMoneyMoves.amount}) filter (where ${soloMoneyMoves.memberId} = ${move.memberId}), 0)`,
      staff: sql<string>`coalesce(sum(${soloMoneyMoves.amount}) filter (where ${soloMoneyMoves.staffId} = ${move.staffId}), 0)`,
    })
    .from(soloMoneyMoves)
    .where(
      and(
        eq(soloMoneyMoves.account, move.account),
        gte(soloMoneyMoves.at, since),
        or(eq(soloMoneyMoves.memberId, move.memberId), eq(soloMoneyMoves.staffId, move.staffId)),
      ),
    );
  const threshold = move.account === 'cash' ? thresholds.cashPence : thresholds.entries;
  if (Math.max(Number(sums!.member), Number(sums!.staff)) + amount >= threshold) return false;
  await tx.insert(soloMoneyMoves).values({ ...move, amount, at: now });
  return true;
}
