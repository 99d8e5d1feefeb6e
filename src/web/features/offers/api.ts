import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfferStats } from '../../../contract/offers';
import { api } from '../../lib/api-client';

export const offerWallQueryOptions = () =>
  queryOptions({
    queryKey: ['offers', 'wall'],
    queryFn: ({ signal }) => api<{ url: string | null }>('/offers/wall', { signal }).then((r) => r.url),
  });

export const offerStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['offers', 'stats'],
    queryFn: ({ signal }) => api<{ stats: OfferStats }>('/offers/stats', { signal }).then((r) => r.stats),
  });

export const useOfferWall = () => useQuery(offerWallQueryOptions());
export const useOfferStats = () => useQuery(offerStatsQueryOptions());
