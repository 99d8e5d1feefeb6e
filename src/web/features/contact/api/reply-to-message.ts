import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '../../../../contract/contact';
import { api } from '../../../lib/api-client';

/** Emails an answer to the sender and marks the ticket answered. */
export const replyToMessage = ({ id, message }: { id: string; message: string }) =>
  api<{ message: ContactMessage }>(`/admin/contact-messages/${encodeURIComponent(id)}/reply`, {
    method: 'POST',
    body: { message },
  }).then((r) => r.message);

export const useReplyToMessage = () => useMutation({ mutationFn: replyToMessage });
