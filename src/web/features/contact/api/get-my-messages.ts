import { useInfiniteQuery } from '@tanstack/react-query';
import { contactApi } from '../../../../contract/contact';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

export const myMessagesQueryOptions = () =>
  pagedQueryOptions(['me', 'messages'], (cursor, signal) =>
    call(contactApi.mine, { query: { cursor } }, { signal }),
  );

/** The member's messages a page at a time, with our answers. */
export const useMyMessages = () => useInfiniteQuery(myMessagesQueryOptions());
