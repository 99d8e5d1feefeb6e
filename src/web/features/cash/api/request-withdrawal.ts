import { useMutation } from '@tanstack/react-query';
import type { Withdrawal, WithdrawalRequest } from '../../../../contract/cash';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session';

export const requestWithdrawal = (body: WithdrawalRequest) =>
  api<{ withdrawal: Withdrawal; cash: number }>('/users/withdrawals', { method: 'POST', body });

export function useRequestWithdrawal() {
  const { patchUser } = useSession();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: ({ cash }) => patchUser({ cashBalance: cash }),
  });
}
