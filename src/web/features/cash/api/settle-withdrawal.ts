import { useMutation } from '@tanstack/react-query';
import type { AdminWithdrawal } from '../../../../contract/cash';
import { api } from '../../../lib/api-client';

/**
 * Marks a request paid, or rejects it (which returns the money to the member).
 * Paying a member with fraud signals needs `acknowledgeSignals`: the admin has looked at them.
 */
export const settleWithdrawal = ({
  id,
  outcome,
  acknowledgeSignals,
}: {
  id: string;
  outcome: 'paid' | 'reject';
  acknowledgeSignals?: boolean;
}) =>
  api<{ withdrawal: AdminWithdrawal }>(`/admin/withdrawals/${encodeURIComponent(id)}/${outcome}`, {
    method: 'POST',
    ...(acknowledgeSignals && { body: { acknowledgeSignals } }),
  }).then((r) => r.withdrawal);

export const useSettleWithdrawal = () => useMutation({ mutationFn: settleWithdrawal });
