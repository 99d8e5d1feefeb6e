import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { referralHoldResponse } from '../../../../contract/referral-holds';
import { api } from '../../../lib/api-client';

type Decided = z.infer<typeof referralHoldResponse>;

/** Pays a held referral, or refuses it with a reason. */
export const decideReferralHold = ({ friendId, reason }: { friendId: string; reason?: string }) =>
  api<Decided>(
    `/admin/referral-holds/${encodeURIComponent(friendId)}/${reason === undefined ? 'pay' : 'refuse'}`,
    {
      method: 'POST',
      ...(reason !== undefined && { body: { reason } }),
    },
  );

export const useDecideReferralHold = () => useMutation({ mutationFn: decideReferralHold });
