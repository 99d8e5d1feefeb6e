import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyEntry } from '../../../../contract/users';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const myEntriesQueryKey = queryKeys.myEntries;

export const myEntriesQueryOptions = () =>
  queryOptions({
    queryKey: myEntriesQueryKey,
    queryFn: ({ signal }) => api<{ entries: MyEntry[] }>('/users/entries', { signal }).then((r) => r.entries),
  });

export const useMyEntries = () => useQuery(myEntriesQueryOptions());
