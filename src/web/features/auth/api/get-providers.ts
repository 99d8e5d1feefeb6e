import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../../contract/auth';
import { call } from '../../../lib/call';

// Set by the site's configuration: it does not change while a page is open.
export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => call(authApi.providers, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useProviders = () => useQuery(providersQueryOptions());
