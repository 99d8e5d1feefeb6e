import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWall } from '../../../../contract/offer-walls';
import { api } from '../../../lib/api-client';

export const adminWallsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'offerwalls'],
    queryFn: ({ signal }) =>
      api<{ walls: AdminWall[] }>('/admin/offerwalls', { signal }).then((r) => r.walls),
  });

export const useAdminWalls = () => useQuery(adminWallsQueryOptions());
