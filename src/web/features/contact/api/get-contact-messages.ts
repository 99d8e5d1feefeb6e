import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactMessage } from '../../../../contract/contact';
import { api } from '../../../lib/api-client';

export const getContactMessages = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ messages: ContactMessage[] }>('/admin/contact-messages', { signal }).then((r) => r.messages);

export const contactMessagesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'contact-messages'], queryFn: getContactMessages });

export const useContactMessages = () => useQuery(contactMessagesQueryOptions());
