import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../contract/users';
import { api } from '../../lib/api-client';

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => api<Dashboard>('/users/dashboard', { signal }),
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
