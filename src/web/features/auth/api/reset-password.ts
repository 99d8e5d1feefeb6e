import { useMutation } from '@tanstack/react-query';
import { authApi, type PasswordResetConfirmBody } from '../../../../contract/auth';
import { call } from '../../../lib/call';

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: PasswordResetConfirmBody) => call(authApi.passwordResetConfirm, { body }),
  });
