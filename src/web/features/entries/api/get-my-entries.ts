import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi } from '../../../../contract/users';
import { call } from '../../../lib/call';

export const getMyEntries = ({ signal }: { signal?: AbortSignal } = {}) =>
  call(usersApi.entries, {}, { signal }).then((r) => r.entries);

export const myEntriesQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'entries'], queryFn: getMyEntries });

export const useMyEntries = () => useQuery(myEntriesQueryOptions());
