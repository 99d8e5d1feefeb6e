import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { prizesApi } from '../../../../contract/prizes-api';
import { call } from '../../../lib/call';
import { isPlayer, useSession } from '../../../lib/session/session';

const myPrizeEntriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['prizes', 'mine', id],
    queryFn: ({ signal }) => call(prizesApi.myEntries, { params: { id } }, { signal }),
    retry: false,
  });

/**
 * The signed-in member's entries in a prize, asked for apart from the prize
 * itself: 0 for a visitor or staff (who never enter), undefined while a member's are loading. If they
 * cannot be read the failure is only logged (SPEC) and 0 stands in: the server
 * still holds the member to the cap.
 */
export function useMyPrizeEntries(id: string): number | undefined {
  const { user } = useSession();
  const plays = isPlayer(user);
  const { data, error } = useQuery({ ...myPrizeEntriesQueryOptions(id), enabled: plays });
  useEffect(() => {
    if (error) console.warn('Could not load your entries in this prize', error);
  }, [error]);
  if (!plays) return 0;
  return error ? 0 : data?.userEntries;
}
