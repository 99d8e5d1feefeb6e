import { useMutation } from '@tanstack/react-query';
import { authApi, type VerifyEmailBody } from '../../../../contract/auth';
import { call } from '../../../lib/call';

export const useVerifyEmail = () =>
  useMutation({ mutationFn: (body: VerifyEmailBody) => call(authApi.verifyEmail, { body }) });
