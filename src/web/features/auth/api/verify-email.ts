import { useMutation } from '@tanstack/react-query';
import type { VerifyEmailBody } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';

export const verifyEmail = (body: VerifyEmailBody) =>
  api<{ message: string }>('/auth/verify-email', { method: 'POST', body });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
