import { useMutation } from '@tanstack/react-query';
import type { DisqualifyResponse } from '../../../../contract/draws';
import { api } from '../../../lib/api-client';

/** Disqualifies a winner: their place passes to the next eligible participant in the draw's ranking. */
export const disqualifyWinner = ({
  prizeId,
  userId,
  reason,
}: {
  prizeId: string;
  userId: string;
  reason: string;
}) =>
  api<DisqualifyResponse>(
    `/admin/prizes/${encodeURIComponent(prizeId)}/winners/${encodeURIComponent(userId)}/disqualify`,
    { method: 'POST', body: { reason } },
  );

export const useDisqualifyWinner = () => useMutation({ mutationFn: disqualifyWinner });
