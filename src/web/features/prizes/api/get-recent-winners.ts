import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentWinner } from '../../../../contract/prizes';
import { api } from '../../../lib/api-client';
import { orEmpty } from './or-empty';

/** SPEC §9: Home's feed refreshes every 30 seconds. */
const RECENT_WINNERS_REFRESH_MS = 30_000;

export const getRecentWinners = ({ signal }: { signal?: AbortSignal } = {}) =>
  orEmpty(api<{ winners: RecentWinner[] }>('/prizes/recent-winners', { signal }));

export const recentWinnersQueryOptions = () =>
  queryOptions({
    queryKey: ['winners', 'recent'],
    queryFn: getRecentWinners,
    refetchInterval: RECENT_WINNERS_REFRESH_MS,
  });

export const useRecentWinners = () => useQuery(recentWinnersQueryOptions());
