import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi } from '../../../../contract/account';
import { call } from '../../../lib/call';

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'sessions'],
    queryFn: ({ signal }) => call(accountApi.sessions, {}, { signal }).then((r) => r.sessions),
  });

export const useSessions = () => useQuery(sessionsQueryOptions());
