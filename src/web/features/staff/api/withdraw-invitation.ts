import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationsApi } from '../../../../contract/staff-invitations';
import { call } from '../../../lib/call';
import { invitationsKey } from './get-invitations';

export function useWithdrawInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(invitationsApi.withdraw, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationsKey }),
  });
}
