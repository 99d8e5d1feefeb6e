import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnterResponse } from '../../../../contract/prizes';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../auth/session';
import { prizesQueryKey } from './get-prizes';

export const enterPrize = (id: string, entries: number) =>
  api<EnterResponse>(`/prizes/${encodeURIComponent(id)}/enter`, { method: 'POST', body: { entries } });

/** Enters a prize, then moves the navbar's count and refreshes every prize view. */
export function useEnterPrize(id: string) {
  const queryClient = useQueryClient();
  const { patchUser } = useSession();
  return useMutation({
    mutationFn: (entries: number) => enterPrize(id, entries),
    onSuccess: (result) => {
      patchUser({ availableEntries: result.remainingEntries });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: prizesQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myEntries }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]);
    },
  });
}
