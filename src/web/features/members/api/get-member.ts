import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersApi } from '../../../../contract/members-api';
import { call } from '../../../lib/call';

export const memberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'member', id],
    queryFn: ({ signal }) => call(membersApi.detail, { params: { id } }, { signal }),
  });

export const useMember = (id: string) => useQuery(memberQueryOptions(id));
