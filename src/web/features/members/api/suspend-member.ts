import { useMutation } from '@tanstack/react-query';
import { membersApi } from '../../../../contract/members-api';
import { call } from '../../../lib/call';

export const useSuspendMember = () =>
  useMutation({
    mutationFn: ({ id, reason, until }: { id: string; reason: string; until?: string }) =>
      call(membersApi.suspend, { params: { id }, body: { reason, ...(until && { until }) } }),
  });
