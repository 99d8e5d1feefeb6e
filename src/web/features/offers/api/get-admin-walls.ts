import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWalls } from '../../../../contract/offer-walls';
import { api } from '../../../lib/api-client';

export const adminWallsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'offerwalls'],
    queryFn: ({ signal }) => api<AdminWalls>('/admin/offerwalls', { signal }),
  });

export const useAdminWalls = () => useQuery(adminWallsQueryOptions());
