import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GamificationStats } from '../../../../contract/gamification';
import { api } from '../../../lib/api-client';

export const getGamificationStats = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<GamificationStats>('/gamification/stats', { signal });

export const gamificationStatsQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'gamification'], queryFn: getGamificationStats });

export const useGamificationStats = () => useQuery(gamificationStatsQueryOptions());
