import { queryOptions, useQuery } from '@tanstack/react-query';
import { PUBLIC_READ_FRESH_MS } from '../../../../contract/constants';
import type { Prize } from '../../../../contract/prizes';
import { prizesApi } from '../../../../contract/prizes-api';
import { ApiError } from '../../../lib/api-client';
import { call } from '../../../lib/call';

/** One prize; null when the server knows no such prize. Failing to reach it is an error, not a sample. */
export async function getPrize(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Prize | null> {
  try {
    return (await call(prizesApi.prize, { params: { id } }, { signal })).prize;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const prizeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['prizes', 'detail', id],
    queryFn: ({ signal }) => getPrize(id, { signal }),
    retry: false,
    // Fresh for as long as the server's copy: a page that mounts just after its loader read the prize keeps it.
    staleTime: PUBLIC_READ_FRESH_MS,
  });

export const usePrize = (id: string) => useQuery(prizeQueryOptions(id));
