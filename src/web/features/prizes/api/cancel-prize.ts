import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Cancels a prize, refunding everyone; the reason is published on the prize. */
export const cancelPrize = ({ id, reason }: { id: string; reason: string }) =>
  api<{ message: string; refunded: number }>(`/admin/prizes/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    body: { reason },
  });

export const useCancelPrize = () => useMutation({ mutationFn: cancelPrize });
