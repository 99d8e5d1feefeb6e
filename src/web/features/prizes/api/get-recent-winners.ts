import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_WINNERS_REFRESH_MS } from '../../../../contract/constants';
import { prizesApi } from '../../../../contract/prizes-api';
import { call } from '../../../lib/call';

export const getRecentWinners = ({ signal }: { signal?: AbortSignal } = {}) =>
  call(prizesApi.recentWinners, {}, { signal }).then((r) => r.winners);

export const recentWinnersQueryOptions = () =>
  queryOptions({
    queryKey: ['winners', 'recent'],
    queryFn: getRecentWinners,
    refetchInterval: RECENT_WINNERS_REFRESH_MS,
  });

export const useRecentWinners = () => useQuery(recentWinnersQueryOptions());
