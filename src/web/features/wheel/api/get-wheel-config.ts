import { queryOptions, useQuery } from '@tanstack/react-query';
import { wheelApi } from '../../../../contract/wheel';
import { call } from '../../../lib/call';

export const wheelConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['wheel', 'config'],
    queryFn: ({ signal }) => call(wheelApi.config, {}, { signal }).then((r) => r.prizes),
  });

export const useWheelConfig = () => useQuery(wheelConfigQueryOptions());
