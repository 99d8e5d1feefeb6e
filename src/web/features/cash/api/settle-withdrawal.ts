import { useMutation } from '@tanstack/react-query';
import type { AdminWithdrawal } from '../../../../contract/cash';
import { api } from '../../../lib/api-client';

/** Marks a request paid, or rejects it (which returns the money to the member). */
export const settleWithdrawal = ({ id, outcome }: { id: string; outcome: 'paid' | 'reject' }) =>
  api<{ withdrawal: AdminWithdrawal }>(`/admin/withdrawals/${encodeURIComponent(id)}/${outcome}`, {
    method: 'POST',
  }).then((r) => r.withdrawal);

export const useSettleWithdrawal = () => useMutation({ mutationFn: settleWithdrawal });
