import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';

export const getAdminStats = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ stats: AdminStats }>('/admin/stats', { signal }).then((r) => r.stats);

export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'stats'], queryFn: getAdminStats });

export const useAdminStats = () => useQuery(adminStatsQueryOptions());
