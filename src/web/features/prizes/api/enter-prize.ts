import { useMutation } from '@tanstack/react-query';
import { prizesApi } from '../../../../contract/prizes-api';
import { call } from '../../../lib/call';
import { useSession } from '../../../lib/session/session';

export const enterPrize = (id: string, entries: number) =>
  call(prizesApi.enter, { params: { id }, body: { entries } });

/** Enters a prize and moves the navbar's count at once; the views refresh after every change (providers.tsx). */
export function useEnterPrize(id: string) {
  const { patchUser } = useSession();
  return useMutation({
    mutationFn: (entries: number) => enterPrize(id, entries),
    onSuccess: (result) => patchUser({ availableEntries: result.remainingEntries }),
  });
}
