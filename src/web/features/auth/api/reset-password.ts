import { useMutation } from '@tanstack/react-query';
import type { PasswordResetConfirmBody } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';

export const resetPassword = (body: PasswordResetConfirmBody) =>
  api<{ message: string }>('/auth/password-reset/confirm', { method: 'POST', body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
