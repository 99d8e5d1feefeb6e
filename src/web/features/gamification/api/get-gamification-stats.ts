import { queryOptions, useQuery } from '@tanstack/react-query';
import { gamificationApi } from '../../../../contract/gamification';
import { call } from '../../../lib/call';

export const getGamificationStats = ({ signal }: { signal?: AbortSignal } = {}) =>
  call(gamificationApi.stats, {}, { signal });

export const gamificationStatsQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'gamification'], queryFn: getGamificationStats });

export const useGamificationStats = () => useQuery(gamificationStatsQueryOptions());
