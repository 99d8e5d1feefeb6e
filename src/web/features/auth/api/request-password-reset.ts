import { useMutation } from '@tanstack/react-query';
import type { PasswordResetBody } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';

export const requestPasswordReset = (body: PasswordResetBody) =>
  api<{ message: string }>('/auth/password-reset', { method: 'POST', body });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
