import { useMutation } from '@tanstack/react-query';
import { cashApi, type WithdrawalBody } from '../../../../contract/cash';
import { call } from '../../../lib/call';
import { useSession } from '../../../lib/session/session';

export const requestWithdrawal = (body: WithdrawalBody) => call(cashApi.requestWithdrawal, { body });

export function useRequestWithdrawal() {
  const { patchUser } = useSession();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: ({ cash }) => patchUser({ cashBalance: cash }),
  });
}
