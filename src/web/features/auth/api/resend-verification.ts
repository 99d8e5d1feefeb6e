import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../../contract/auth';
import { call } from '../../../lib/call';

export const useResendVerification = () =>
  useMutation({ mutationFn: () => call(authApi.resendVerification) });
