import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Signs out every device but this one. */
export const endOtherSessions = () => api<{ message: string }>('/users/me/sessions', { method: 'DELETE' });

export const useEndOtherSessions = () => useMutation({ mutationFn: endOtherSessions });
