import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnterResponse } from '../../../../contract/prizes';
import { api } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import { myEntriesQueryKey } from '../../entries/api/get-my-entries';
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
        queryClient.invalidateQueries({ queryKey: myEntriesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
    },
  });
}
