import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberWall } from '../../../../contract/offer-walls';
import { api } from '../../../lib/api-client';

export const wallsQueryOptions = () =>
  queryOptions({
    queryKey: ['offers', 'walls'],
    queryFn: ({ signal }) => api<{ walls: MemberWall[] }>('/offers/walls', { signal }).then((r) => r.walls),
  });

export const useWalls = () => useQuery(wallsQueryOptions());
