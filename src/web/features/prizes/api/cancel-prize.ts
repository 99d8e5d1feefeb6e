import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const cancelPrize = (id: string) =>
  api<{ message: string; refunded: number }>(`/admin/prizes/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
  });

export const useCancelPrize = () => useMutation({ mutationFn: cancelPrize });
