import { useInfiniteQuery } from '@tanstack/react-query';
import type { Prize } from '../../../../contract/prizes';
import { pagedQueryOptions } from '../../../lib/paged';

/** Prizes whose entries have closed, longest waiting first, a page at a time. */
export const readyPrizesQueryOptions = () =>
  pagedQueryOptions<{ prizes: Prize[]; nextCursor: string | null }>(
    ['admin', 'prizes', 'ready-to-draw'],
    '/admin/prizes/ready-to-draw',
  );

export const useReadyPrizes = () => useInfiniteQuery(readyPrizesQueryOptions());
