import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const sendTestEmail = (email: string) =>
  api<{ message: string }>('/admin/test-email', { method: 'POST', body: { email } });

export const useSendTestEmail = () => useMutation({ mutationFn: sendTestEmail });
