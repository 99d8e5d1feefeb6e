import { useMutation, useQuery } from '@tanstack/react-query';
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

/** Whom disqualifying would pass the place to now, asked when the dialog opens. */
export const useHeir = (prizeId: string, userId: string) =>
  useQuery({
    queryKey: ['admin', 'heir', prizeId, userId],
    queryFn: ({ signal }) => call(drawsApi.heir, { params: { id: prizeId, userId } }, { signal }),
    // Never an heir from an earlier opening: the ranking moves as places pass on.
    gcTime: 0,
  });
