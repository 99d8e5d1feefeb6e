import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminWinner } from '../../../../contract/wins';
import { pagedQueryOptions } from '../../../lib/paged';

/** Every winner, newest draw first, a page at a time. */
export const adminWinnersQueryOptions = () =>
  pagedQueryOptions<{ winners: AdminWinner[]; nextCursor: string | null }>(
    ['admin', 'winners'],
    '/admin/winners',
  );

export const useAdminWinners = () => useInfiniteQuery(adminWinnersQueryOptions());
