import { useInfiniteQuery } from '@tanstack/react-query';
import { adminApi } from '../../../../contract/admin';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

/** Outgoing email, newest first, a page at a time. */
export const outboxQueryOptions = () =>
  pagedQueryOptions(['admin', 'outbox'], (cursor, signal) =>
    call(adminApi.outbox, { query: { cursor } }, { signal }),
  );

export const useOutbox = () => useInfiniteQuery(outboxQueryOptions());
