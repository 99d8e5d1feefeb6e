import { useMutation } from '@tanstack/react-query';
import { referralHoldsApi } from '../../../../contract/referral-holds';
import { call } from '../../../lib/call';

/** Pays a held referral, or refuses it with a reason. */
export const decideReferralHold = ({ friendId, reason }: { friendId: string; reason?: string }) =>
  reason === undefined
    ? call(referralHoldsApi.pay, { params: { friendId } })
    : call(referralHoldsApi.refuse, { params: { friendId }, body: { reason } });

export const useDecideReferralHold = () => useMutation({ mutationFn: decideReferralHold });
