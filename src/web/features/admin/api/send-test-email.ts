import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../../../contract/admin';
import { call } from '../../../lib/call';
import { mailHealthKey } from './get-mail-health';

export function useSendTestEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => call(adminApi.testEmail, { body: { email } }),
    // One more email waiting: the mail's figures count it.
    onSuccess: () => client.invalidateQueries({ queryKey: mailHealthKey }),
  });
}
