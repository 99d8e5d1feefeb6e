import { queryOptions, useQuery } from '@tanstack/react-query';
import { offersApi } from '../../../../contract/offer-walls';
import { call } from '../../../lib/call';

export const wallsQueryOptions = () =>
  queryOptions({
    queryKey: ['offers', 'walls'],
    queryFn: ({ signal }) => call(offersApi.walls, {}, { signal }).then((r) => r.walls),
  });

export const useWalls = () => useQuery(wallsQueryOptions());
