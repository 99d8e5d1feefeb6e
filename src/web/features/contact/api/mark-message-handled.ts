import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '../../../../contract/contact';
import { api } from '../../../lib/api-client';

export const markMessageHandled = ({ id, handled }: { id: string; handled: boolean }) =>
  api<{ message: ContactMessage }>(`/admin/contact-messages/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { handled },
  }).then((r) => r.message);

export const useMarkMessageHandled = () => useMutation({ mutationFn: markMessageHandled });
