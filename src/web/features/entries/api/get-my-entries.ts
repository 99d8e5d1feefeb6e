import { useInfiniteQuery } from '@tanstack/react-query';
import { usersApi } from '../../../../contract/users';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

/** The prizes the member holds entries in, most recently entered first, a page at a time. */
export const myEntriesQueryOptions = () =>
  pagedQueryOptions(['me', 'entries'], (cursor, signal) =>
    call(usersApi.entries, { query: { cursor } }, { signal }),
  );

export const useMyEntries = () => useInfiniteQuery(myEntriesQueryOptions());
