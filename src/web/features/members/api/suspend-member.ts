import { useMutation } from '@tanstack/react-query';
import type { MemberDetail } from '../../../../contract/members';
import { api } from '../../../lib/api-client';

export const suspendMember = ({ id, reason, until }: { id: string; reason: string; until?: string }) =>
  api<{ message: string; user: MemberDetail['user'] }>(`/admin/users/${encodeURIComponent(id)}/suspend`, {
    method: 'POST',
    body: { reason, ...(until && { until }) },
  });

export const useSuspendMember = () => useMutation({ mutationFn: suspendMember });
