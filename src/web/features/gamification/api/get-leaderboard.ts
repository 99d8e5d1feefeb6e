import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardRow } from '../../../../contract/gamification';
import type { LeaderboardPeriod } from '../../../../contract/gamification-rules';
import { api } from '../../../lib/api-client';

export const getLeaderboard = (period: LeaderboardPeriod, { signal }: { signal?: AbortSignal } = {}) =>
  api<{ leaderboard: LeaderboardRow[] }>(`/gamification/leaderboard?period=${period}`, { signal }).then(
    (r) => r.leaderboard,
  );

export const leaderboardQueryOptions = (period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: ['leaderboard', period],
    queryFn: ({ signal }) => getLeaderboard(period, { signal }),
  });

export const useLeaderboard = (period: LeaderboardPeriod) => useQuery(leaderboardQueryOptions(period));
