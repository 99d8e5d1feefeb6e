import { queryOptions, useQuery } from '@tanstack/react-query';
import { wheelApi } from '../../../../contract/wheel';
import { call } from '../../../lib/call';

export const canSpinQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'can-spin'],
    queryFn: ({ signal }) => call(wheelApi.canSpin, {}, { signal }),
  });

export const useCanSpin = () => useQuery(canSpinQueryOptions());
