import { queryOptions } from '@tanstack/react-query';
import { authApi } from '../../../contract/auth';
import { ApiError } from '../api-client';
import { call } from '../call';

/** A refusal that ends the session (401, or 403 for a suspended account): asking again cannot help. */
const endsSession = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || (error.status === 403 && error.code === 'suspended'));

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => call(authApi.me, {}, { signal }).then((r) => r.user),
    // A hiccup (a 5xx, the network) never signs anyone out: ask again, less often each time (DESIGN §13).
    retry: (_count, error) => !endsSession(error),
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    staleTime: 30_000,
  });
