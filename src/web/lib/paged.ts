import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { api } from './api-client';

/** One page of an admin list (DESIGN §8): its rows under some name, and the cursor of the next page. */
export interface Paged {
  nextCursor: string | null;
}

/** `path` with its query: empty values are left out, the cursor added when there is one. */
export function withQuery(path: string, query: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/**
 * A list read a page at a time ("Load more"): TanStack's infinite query over
 * the API's cursors. `rowsOf` picks the rows out of the pages loaded.
 */
export function pagedQueryOptions<P extends Paged>(
  queryKey: QueryKey,
  path: string,
  query: Record<string, string | undefined> = {},
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => api<P>(withQuery(path, { ...query, cursor: pageParam }), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Every row loaded so far, in order. */
export const rowsOf = <P extends Record<K, unknown[]>, K extends keyof P>(
  data: InfiniteData<P> | undefined,
  key: K,
): P[K][number][] => data?.pages.flatMap((page) => page[key]) ?? [];
