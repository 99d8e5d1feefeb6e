import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '../../../../contract/contact';
import { api } from '../../../lib/api-client';

export const sendMessage = (body: ContactBody) =>
  api<{ message: string }>('/contact', { method: 'POST', body });

export const useSendMessage = () => useMutation({ mutationFn: sendMessage });
