import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardPosition } from '../../../../contract/gamification';
import type { LeaderboardPeriod } from '../../../../contract/gamification-rules';
import { api } from '../../../lib/api-client';

export const getLeaderboardPosition = (
  period: LeaderboardPeriod,
  { signal }: { signal?: AbortSignal } = {},
) =>
  api<{ position: LeaderboardPosition }>(`/gamification/leaderboard/position?period=${period}`, {
    signal,
  }).then((r) => r.position);

export const leaderboardPositionQueryOptions = (period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: ['me', 'leaderboard-position', period],
    queryFn: ({ signal }) => getLeaderboardPosition(period, { signal }),
  });

export const useLeaderboardPosition = (period: LeaderboardPeriod) =>
  useQuery(leaderboardPositionQueryOptions(period));
