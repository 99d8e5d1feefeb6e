import { useInfiniteQuery } from '@tanstack/react-query';
import type { MyHistory } from '../../../../contract/users';
import { pagedQueryOptions } from '../../../lib/paged';

/** Every change to the member's entries, newest first, a page at a time. */
export const myHistoryQueryOptions = () =>
  pagedQueryOptions<MyHistory>(['me', 'history', 'entries'], '/users/history', { account: 'entries' });

export const useMyHistory = () => useInfiniteQuery(myHistoryQueryOptions());
