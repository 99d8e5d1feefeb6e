// How withdrawals are shown: to their member, and to staff paying them.
import type { AdminWithdrawal, Withdrawal } from '../../../contract/cash';
import { nextStep } from '../../../contract/payouts';
import type { Risk } from '../../../contract/risk';
import { penceToPounds } from '../../lib/money';
import type { UserRow } from '../accounts/repository';
import { isSuspended } from '../accounts/sign-in-rules';
import type { Step } from '../payouts/timeline';
import type * as repo from './repository';

/** A withdrawal as its member sees it: where it is, how it got there, and what comes next by when. */
export function present(
  w: Pick<
    repo.WithdrawalRow,
    | 'id'
    | 'amountPence'
    | 'method'
    | 'status'
    | 'requestedAt'
    | 'settledAt'
    | 'provider'
    | 'failureReason'
    | 'prizeId'
  >,
  timeline: Step[],
): Withdrawal {
  const next = nextStep(w.status, w.provider, timeline.at(-1)?.at ?? w.requestedAt);
  return {
    _id: w.id,
    amount: penceToPounds(w.amountPence),
    method: w.method,
    status: w.status,
    requestedAt: w.requestedAt.toISOString(),
    settledAt: w.settledAt?.toISOString() ?? null,
    provider: w.provider,
    timeline: timeline.map((s) => ({ status: s.status, at: s.at.toISOString() })),
    next: next && { status: next.status, by: next.by.toISOString() },
    failureReason: w.failureReason,
    prizeId: w.prizeId,
  };
}

/** Why a member's pending withdrawals cannot be paid now, or null. */
export function heldBecause(
  user: Pick<UserRow, 'suspendedAt' | 'suspendedUntil' | 'cashoutsHeldAt'>,
  now: Date,
) {
  if (isSuspended(user, now)) return 'The member is suspended';
  if (user.cashoutsHeldAt) return "The member's cashouts are held";
  return null;
}

/** A withdrawal as the payouts page shows it, with whose it is and what may stop its payment. */
export const presentForAdmin = (
  { withdrawal, user, settler }: repo.WithdrawalWithUser,
  risk: Risk,
  now: Date,
  timeline: Step[],
): AdminWithdrawal => ({
  ...present(withdrawal, timeline),
  user: { _id: user.id, username: user.username, email: user.email, cash: penceToPounds(user.cashPence) },
  reference: withdrawal.paymentReference,
  providerRef: withdrawal.providerRef,
  settledBy: settler && { _id: settler.id, username: settler.username },
  details: withdrawal.details,
  risk,
  held: heldBecause(user, now),
});
