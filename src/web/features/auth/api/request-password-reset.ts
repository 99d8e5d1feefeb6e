import { useMutation } from '@tanstack/react-query';
import { authApi, type PasswordResetBody } from '../../../../contract/auth';
import { call } from '../../../lib/call';

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (body: PasswordResetBody) => call(authApi.passwordReset, { body }) });
