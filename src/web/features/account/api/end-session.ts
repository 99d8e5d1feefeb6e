import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Signs out one of the user's other devices. */
export const endSession = (id: string) =>
  api<{ message: string }>(`/users/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useEndSession = () => useMutation({ mutationFn: endSession });
