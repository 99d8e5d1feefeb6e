import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyEntry } from '../../../../contract/users';
import { api } from '../../../lib/api-client';

export const myEntriesQueryKey = ['my-entries'] as const;

export const myEntriesQueryOptions = () =>
  queryOptions({
    queryKey: myEntriesQueryKey,
    queryFn: ({ signal }) => api<{ entries: MyEntry[] }>('/users/entries', { signal }).then((r) => r.entries),
  });

export const useMyEntries = () => useQuery(myEntriesQueryOptions());
