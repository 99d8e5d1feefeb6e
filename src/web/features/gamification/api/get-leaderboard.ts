import { queryOptions, useQuery } from '@tanstack/react-query';
import { gamificationApi } from '../../../../contract/gamification';
import type { LeaderboardPeriod } from '../../../../contract/gamification-rules';
import { call } from '../../../lib/call';

export const getLeaderboard = (period: LeaderboardPeriod, { signal }: { signal?: AbortSignal } = {}) =>
  call(gamificationApi.leaderboard, { query: { period } }, { signal }).then((r) => r.leaderboard);

export const leaderboardQueryOptions = (period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: ['leaderboard', period],
    queryFn: ({ signal }) => getLeaderboard(period, { signal }),
  });

export const useLeaderboard = (period: LeaderboardPeriod) => useQuery(leaderboardQueryOptions(period));
