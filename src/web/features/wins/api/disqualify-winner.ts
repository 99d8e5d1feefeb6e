import { useMutation, useQuery } from '@tanstack/react-query';
import { drawsApi } from '../../../../contract/draws';
import { call } from '../../../lib/call';

/**
 * Asks to disqualify a winner: once a second member of staff approves it, their place passes to the
 * next eligible participant in the draw's ranking.
 */
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

/** How many of the draw's ranking are still in line after its places taken, asked when the dialog opens. */
export const useLine = (prizeId: string, userId: string) =>
  useQuery({
    queryKey: ['admin', 'line', prizeId, userId],
    queryFn: ({ signal }) => call(drawsApi.line, { params: { id: prizeId, userId } }, { signal }),
    // Never a count from an earlier opening: the ranking moves as places pass on.
    gcTime: 0,
  });
