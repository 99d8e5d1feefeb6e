import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicWinner, RecentWinner } from '../../../../contract/prizes';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const RECENT_WINNERS_REFRESH_MS = 30_000;

/** Failures show an empty list rather than an error: the page around it still works. */
async function orEmpty<T>(load: Promise<{ winners: T[] }>): Promise<T[]> {
  try {
    return (await load).winners;
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    console.warn('Could not load winners', err);
    return [];
  }
}

export const recentWinnersQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.winners, 'recent'],
    queryFn: ({ signal }) => orEmpty(api<{ winners: RecentWinner[] }>('/prizes/recent-winners', { signal })),
    refetchInterval: RECENT_WINNERS_REFRESH_MS,
  });

export const allWinnersQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.winners, 'all'],
    queryFn: ({ signal }) => orEmpty(api<{ winners: PublicWinner[] }>('/prizes/winners/all', { signal })),
  });

export const useRecentWinners = () => useQuery(recentWinnersQueryOptions());
export const useAllWinners = () => useQuery(allWinnersQueryOptions());
