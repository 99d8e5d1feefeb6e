import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi } from '../../../../contract/users';
import { call } from '../../../lib/call';

export const getDashboard = ({ signal }: { signal?: AbortSignal } = {}) =>
  call(usersApi.dashboard, {}, { signal });

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'dashboard'], queryFn: getDashboard });

/** `ready`: false while something the dashboard shows is still being changed (today's visit). */
export const useDashboard = ({ ready }: { ready: boolean }) =>
  useQuery({ ...dashboardQueryOptions(), enabled: ready });
