import { useMutation } from '@tanstack/react-query';
import { type ClaimBody, winsApi } from '../../../../contract/wins';
import { ApiError } from '../../../lib/api-client';
import { call } from '../../../lib/call';

export const claimWin = ({ prizeId, details }: { prizeId: string; details: ClaimBody }) =>
  call(winsApi.claim, { params: { prizeId }, body: details });

/** A confirmed under-18 date is refused, and forfeits the win: the list shows it at once. */
export const useClaimWin = () =>
  useMutation({
    mutationFn: claimWin,
    meta: { changedAnyway: (error) => error instanceof ApiError && error.code === 'under_18' },
  });
