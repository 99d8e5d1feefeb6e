import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../../contract/admin';
import { call } from '../../../lib/call';

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'stats'],
    queryFn: ({ signal }) => call(adminApi.stats, {}, { signal }).then((r) => r.stats),
  });

export const useAdminStats = () => useQuery(adminStatsQueryOptions());
