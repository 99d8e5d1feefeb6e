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

/**
 * The signed-in member's entries in a prize, asked for apart from the prize
 * itself: 0 for a visitor, undefined while a member's are loading or could not be read.
 */
export function useMyPrizeEntries(id: string): { entries: number | undefined; failed: boolean } {
  const { user } = useSession();
  const { data, isError } = useQuery({ ...myPrizeEntriesQueryOptions(id), enabled: Boolean(user) });
  return user ? { entries: data?.userEntries, failed: isError } : { entries: 0, failed: false };
}
