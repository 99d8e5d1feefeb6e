import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyEntry } from '../../../../contract/users';
import { api } from '../../../lib/api-client';

export const getMyEntries = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ entries: MyEntry[] }>('/users/entries', { signal }).then((r) => r.entries);

export const myEntriesQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'entries'], queryFn: getMyEntries });

export const useMyEntries = () => useQuery(myEntriesQueryOptions());
