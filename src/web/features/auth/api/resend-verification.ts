import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resendVerification = () =>
  api<{ message: string }>('/auth/verify-email/resend', { method: 'POST' });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
