import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/** One page of an admin list (DESIGN §8): its rows under some name, and the cursor of the next page. */
export interface Paged {
  nextCursor: string | null;
}

/**
 * A list read a page at a time ("Load more"): TanStack's infinite query over
 * the API's cursors, `read` asking for the page after `cursor` (an endpoint's
 * call). `rowsOf` picks the rows out of the pages loaded.
 */
export function pagedQueryOptions<P extends Paged>(
  queryKey: QueryKey,
  read: (cursor: string | undefined, signal: AbortSignal) => Promise<P>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => read(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Every row loaded so far, in order. */
export const rowsOf = <P extends Record<K, unknown[]>, K extends keyof P>(
  data: InfiniteData<P> | undefined,
  key: K,
): P[K][number][] => data?.pages.flatMap((page) => page[key]) ?? [];
