import { useInfiniteQuery } from '@tanstack/react-query';
import type { Prize } from '../../../../contract/prizes';
import { pagedQueryOptions } from '../../../lib/paged';

type PrizePage = { prizes: Prize[]; nextCursor: string | null };

/** Every prize, drafts and closed ones included, newest made first: for the admin panel. */
export const adminPrizesQueryOptions = () =>
  pagedQueryOptions<PrizePage>(['admin', 'prizes'], '/admin/prizes');

export const useAdminPrizes = () => useInfiniteQuery(adminPrizesQueryOptions());
