import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../../contract/users';
import { api } from '../../../lib/api-client';

export const getDashboard = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<Dashboard>('/users/dashboard', { signal });

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'dashboard'], queryFn: getDashboard });

export const useDashboard = () => useQuery(dashboardQueryOptions());
