import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfferStats } from '../../../../contract/offers';
import { api } from '../../../lib/api-client';

export const getOfferStats = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ stats: OfferStats }>('/offers/stats', { signal }).then((r) => r.stats);

export const offerStatsQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'offer-stats'], queryFn: getOfferStats });

export const useOfferStats = () => useQuery(offerStatsQueryOptions());
