import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const markNotified = ({ prizeId, userId }: { prizeId: string; userId: string }) =>
  api<{ message: string }>(
    `/admin/winners/${encodeURIComponent(prizeId)}/${encodeURIComponent(userId)}/notify`,
    {
      method: 'PUT',
    },
  );

export const useMarkNotified = () => useMutation({ mutationFn: markNotified });
