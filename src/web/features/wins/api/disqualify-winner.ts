import { useMutation } from '@tanstack/react-query';
import { drawsApi } from '../../../../contract/draws';
import { call } from '../../../lib/call';

/** Disqualifies a winner: their place passes to the next eligible participant in the draw's ranking. */
export const disqualifyWinner = ({
  prizeId,
  userId,
  reason,
}: {
  prizeId: string;
  userId: string;
  reason: string;
}) => call(drawsApi.disqualify, { params: { id: prizeId, userId }, body: { reason } });

export const useDisqualifyWinner = () => useMutation({ mutationFn: disqualifyWinner });
