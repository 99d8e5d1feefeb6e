import { useMutation } from '@tanstack/react-query';
import type { SpinResponse } from '../../../../contract/wheel';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session';

export const spin = () => api<SpinResponse>('/instant-win/spin', { method: 'POST' });

/** Spins and moves the navbar's count at once; the views refresh after every change (providers.tsx). */
export function useSpin() {
  const { patchUser } = useSession();
  return useMutation({
    mutationFn: spin,
    onSuccess: ({ newBalance }) =>
      patchUser({ availableEntries: newBalance.entries, cashBalance: newBalance.cash }),
  });
}
