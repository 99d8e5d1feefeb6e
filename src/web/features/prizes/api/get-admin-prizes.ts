import { useInfiniteQuery } from '@tanstack/react-query';
import { prizesApi } from '../../../../contract/prizes-api';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

/** Every prize, drafts and closed ones included, newest made first: for the admin panel. */
export const adminPrizesQueryOptions = () =>
  pagedQueryOptions(['admin', 'prizes'], (cursor, signal) =>
    call(prizesApi.adminList, { query: { cursor } }, { signal }),
  );

export const useAdminPrizes = () => useInfiniteQuery(adminPrizesQueryOptions());
