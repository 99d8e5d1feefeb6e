import { useInfiniteQuery } from '@tanstack/react-query';
import { prizesApi } from '../../../../contract/prizes-api';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

/** Every winner so far, newest first, a page at a time. */
export const allWinnersQueryOptions = () =>
  pagedQueryOptions(['winners', 'all'], (cursor, signal) =>
    call(prizesApi.winners, { query: { cursor } }, { signal }),
  );

export const useAllWinners = () => useInfiniteQuery(allWinnersQueryOptions());
