import { queryOptions, useQuery } from '@tanstack/react-query';
import { prizesApi } from '../../../../contract/prizes-api';
import { call } from '../../../lib/call';

export const getAllWinners = ({ signal }: { signal?: AbortSignal } = {}) =>
  call(prizesApi.winners, {}, { signal }).then((r) => r.winners);

export const allWinnersQueryOptions = () =>
  queryOptions({ queryKey: ['winners', 'all'], queryFn: getAllWinners });

export const useAllWinners = () => useQuery(allWinnersQueryOptions());
