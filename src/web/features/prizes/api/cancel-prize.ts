import { useMutation } from '@tanstack/react-query';
import { prizesApi } from '../../../../contract/prizes-api';
import { call } from '../../../lib/call';

/** Cancels a prize, refunding everyone; the reason is published on the prize. */
export const cancelPrize = ({ id, reason }: { id: string; reason: string }) =>
  call(prizesApi.cancel, { params: { id }, body: { reason } });

export const useCancelPrize = () => useMutation({ mutationFn: cancelPrize });
