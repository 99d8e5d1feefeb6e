import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactApi } from '../../../../contract/contact';
import { call } from '../../../lib/call';

export const promoterQueryOptions = () =>
  queryOptions({
    queryKey: ['promoter'],
    queryFn: ({ signal }) => call(contactApi.promoter, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePromoter = () => useQuery(promoterQueryOptions());
