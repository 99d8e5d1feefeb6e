import { useInfiniteQuery } from '@tanstack/react-query';
import { usersApi } from '../../../../contract/users';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

/** Every change to the member's entries, newest first, a page at a time. */
export const myHistoryQueryOptions = () =>
  pagedQueryOptions(['me', 'history', 'entries'], (cursor, signal) =>
    call(usersApi.history, { query: { account: 'entries', cursor } }, { signal }),
  );

export const useMyHistory = () => useInfiniteQuery(myHistoryQueryOptions());
