import { queryOptions, useQuery } from '@tanstack/react-query';
import { gamificationApi } from '../../../../contract/gamification';
import type { LeaderboardPeriod } from '../../../../contract/gamification-rules';
import { call } from '../../../lib/call';

export const getLeaderboardPosition = (
  period: LeaderboardPeriod,
  { signal }: { signal?: AbortSignal } = {},
) => call(gamificationApi.position, { query: { period } }, { signal }).then((r) => r.position);

export const leaderboardPositionQueryOptions = (period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: ['me', 'leaderboard-position', period],
    queryFn: ({ signal }) => getLeaderboardPosition(period, { signal }),
  });

export const useLeaderboardPosition = (period: LeaderboardPeriod) =>
  useQuery(leaderboardPositionQueryOptions(period));
