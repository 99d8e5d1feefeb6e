import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The provider's frame address for this user, or null when no provider is connected. */
export const getOfferWall = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ url: string | null }>('/offers/wall', { signal }).then((r) => r.url);

export const offerWallQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'offer-wall'], queryFn: getOfferWall });

export const useOfferWall = () => useQuery(offerWallQueryOptions());
