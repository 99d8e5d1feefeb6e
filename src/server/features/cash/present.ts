// How withdrawals are shown: to their member, and to staff paying them.
import type { AdminWithdrawal, Withdrawal } from '../../../contract/cash';
import type { Risk } from '../../../contract/risk';
import { penceToPounds } from '../../lib/money';
import type { UserRow } from '../accounts/repository';
import { isSuspended } from '../accounts/sign-in-rules';
import type * as repo from './repository';

/** A withdrawal as its member sees it. */
export const present = (
  w: Pick<repo.WithdrawalRow, 'id' | 'amountPence' | 'method' | 'status' | 'requestedAt' | 'settledAt'>,
): Withdrawal => ({
  _id: w.id,
  amount: penceToPounds(w.amountPence),
  method: w.method,
  status: w.status,
  requestedAt: w.requestedAt.toISOString(),
  settledAt: w.settledAt?.toISOString() ?? null,
});

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
): AdminWithdrawal => ({
  ...present(withdrawal),
  user: { _id: user.id, username: user.username, email: user.email, cash: penceToPounds(user.cashPence) },
  reference: withdrawal.paymentReference,
  settledBy: settler && { _id: settler.id, username: settler.username },
  details: withdrawal.details,
  risk,
  held: heldBecause(user, now),
});
