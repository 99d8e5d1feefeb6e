import { queryOptions } from '@tanstack/react-query';
import { authApi } from '../../../contract/auth';
import { call } from '../call';

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => call(authApi.me, {}, { signal }).then((r) => r.user),
    retry: false,
    staleTime: 30_000,
  });
