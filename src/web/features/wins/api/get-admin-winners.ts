import { useInfiniteQuery } from '@tanstack/react-query';
import { winsApi } from '../../../../contract/wins';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

/** Every winner, newest draw first, a page at a time. */
export const adminWinnersQueryOptions = () =>
  pagedQueryOptions(['admin', 'winners'], (cursor, signal) =>
    call(winsApi.adminList, { query: { cursor } }, { signal }),
  );

export const useAdminWinners = () => useInfiniteQuery(adminWinnersQueryOptions());
