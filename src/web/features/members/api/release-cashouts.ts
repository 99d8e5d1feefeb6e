import { useMutation } from '@tanstack/react-query';
import { membersApi } from '../../../../contract/members-api';
import { call } from '../../../lib/call';

export const useReleaseCashouts = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      call(membersApi.releaseCashouts, { params: { id }, body: { reason } }),
  });
