import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_WINNERS_REFRESH_MS } from '../../../../contract/constants';
import type { RecentWinner } from '../../../../contract/prizes';
import { api } from '../../../lib/api-client';
import { orEmpty } from './or-empty';

export const getRecentWinners = ({ signal }: { signal?: AbortSignal } = {}) =>
  orEmpty(api<{ winners: RecentWinner[] }>('/prizes/recent-winners', { signal }));

export const recentWinnersQueryOptions = () =>
  queryOptions({
    queryKey: ['winners', 'recent'],
    queryFn: getRecentWinners,
    refetchInterval: RECENT_WINNERS_REFRESH_MS,
  });

export const useRecentWinners = () => useQuery(recentWinnersQueryOptions());
