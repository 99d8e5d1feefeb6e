import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../../../contract/admin';
import { call } from '../../../lib/call';

export const useSendTestEmail = () =>
  useMutation({ mutationFn: (email: string) => call(adminApi.testEmail, { body: { email } }) });
