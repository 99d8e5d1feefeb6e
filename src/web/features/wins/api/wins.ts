import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClaimBody, MyWin } from '../../../../contract/users';
import { api } from '../../../lib/api-client';

export const myWinsQueryKey = ['my-wins'] as const;

export const myWinsQueryOptions = () =>
  queryOptions({
    queryKey: myWinsQueryKey,
    queryFn: ({ signal }) => api<{ wins: MyWin[] }>('/users/wins', { signal }).then((r) => r.wins),
  });

export const useMyWins = () => useQuery(myWinsQueryOptions());

export function useClaimWin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ prizeId, details }: { prizeId: string; details: ClaimBody }) =>
      api<{ message: string }>(`/users/wins/${encodeURIComponent(prizeId)}/claim`, {
        method: 'POST',
        body: details,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myWinsQueryKey }),
  });
}
