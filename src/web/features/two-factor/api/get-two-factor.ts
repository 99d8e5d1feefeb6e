import { queryOptions, useQuery } from '@tanstack/react-query';
import { twoFactorApi } from '../../../../contract/two-factor';
import { call } from '../../../lib/call';

export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'two-factor'],
    queryFn: ({ signal }) => call(twoFactorApi.status, {}, { signal }),
  });

export const useTwoFactor = () => useQuery(twoFactorQueryOptions());
