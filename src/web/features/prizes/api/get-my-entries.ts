import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyPrizeEntries } from '../../../../contract/prizes';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session';

const myPrizeEntriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['prizes', 'mine', id],
    queryFn: ({ signal }) => api<MyPrizeEntries>(`/prizes/${encodeURIComponent(id)}/my-entries`, { signal }),
    retry: false,
  });

/** The signed-in member's entries in a prize, asked for apart from the prize itself; 0 for a visitor. */
export function useMyPrizeEntries(id: string): number {
  const { user } = useSession();
  const { data } = useQuery({ ...myPrizeEntriesQueryOptions(id), enabled: Boolean(user) });
  return user ? (data?.userEntries ?? 0) : 0;
}
