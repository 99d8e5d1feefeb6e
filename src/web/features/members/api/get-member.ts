import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberDetail } from '../../../../contract/members';
import { api } from '../../../lib/api-client';

export const getMember = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api<MemberDetail>(`/admin/users/${encodeURIComponent(id)}`, { signal });

export const memberQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'member', id], queryFn: ({ signal }) => getMember(id, { signal }) });

export const useMember = (id: string) => useQuery(memberQueryOptions(id));
