import { useMutation } from '@tanstack/react-query';
import type { ClaimBody } from '../../../../contract/wins';
import { api } from '../../../lib/api-client';

export const claimWin = ({ prizeId, details }: { prizeId: string; details: ClaimBody }) =>
  api<{ message: string }>(`/users/wins/${encodeURIComponent(prizeId)}/claim`, {
    method: 'POST',
    body: details,
  });

export const useClaimWin = () => useMutation({ mutationFn: claimWin });
