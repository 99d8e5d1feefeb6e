import { queryOptions, useQuery } from '@tanstack/react-query';
import { offersApi } from '../../../../contract/offer-walls';
import { call } from '../../../lib/call';

export const adminWallsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'offerwalls'],
    queryFn: ({ signal }) => call(offersApi.adminWalls, {}, { signal }),
  });

export const useAdminWalls = () => useQuery(adminWallsQueryOptions());
