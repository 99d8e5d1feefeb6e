import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_WINNERS_REFRESH_MS } from '../../../../contract/constants';
import { prizesApi } from '../../../../contract/prizes-api';
import { call } from '../../../lib/call';
import { orEmpty } from './or-empty';

export const getRecentWinners = ({ signal }: { signal?: AbortSignal } = {}) =>
  orEmpty(call(prizesApi.recentWinners, {}, { signal }));

export const recentWinnersQueryOptions = () =>
  queryOptions({
    queryKey: ['winners', 'recent'],
    queryFn: getRecentWinners,
    refetchInterval: RECENT_WINNERS_REFRESH_MS,
  });

export const useRecentWinners = () => useQuery(recentWinnersQueryOptions());
