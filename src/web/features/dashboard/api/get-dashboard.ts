import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi } from '../../../../contract/users';
import { call } from '../../../lib/call';

export const getDashboard = ({ signal }: { signal?: AbortSignal } = {}) =>
  call(usersApi.dashboard, {}, { signal });

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'dashboard'], queryFn: getDashboard });

export const useDashboard = () => useQuery(dashboardQueryOptions());
