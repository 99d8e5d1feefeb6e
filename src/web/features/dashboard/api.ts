import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../contract/users';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => api<Dashboard>('/users/dashboard', { signal }),
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
