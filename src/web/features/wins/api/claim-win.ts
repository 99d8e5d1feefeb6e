import { useMutation } from '@tanstack/react-query';
import { type ClaimBody, winsApi } from '../../../../contract/wins';
import { call } from '../../../lib/call';

export const claimWin = ({ prizeId, details }: { prizeId: string; details: ClaimBody }) =>
  call(winsApi.claim, { params: { prizeId }, body: details });

export const useClaimWin = () => useMutation({ mutationFn: claimWin });
