import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Providers } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';

export const getProviders = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<Providers>('/auth/providers', { signal });

// Set by the site's configuration: it does not change while a page is open.
export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: getProviders,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useProviders = () => useQuery(providersQueryOptions());
