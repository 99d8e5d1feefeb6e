import { useMutation } from '@tanstack/react-query';
import type { MemberDetail } from '../../../../contract/members';
import { api } from '../../../lib/api-client';

export const releaseCashouts = ({ id, reason }: { id: string; reason: string }) =>
  api<{ message: string; user: MemberDetail['user'] }>(
    `/admin/users/${encodeURIComponent(id)}/release-cashouts`,
    {
      method: 'POST',
      body: { reason },
    },
  );

export const useReleaseCashouts = () => useMutation({ mutationFn: releaseCashouts });
