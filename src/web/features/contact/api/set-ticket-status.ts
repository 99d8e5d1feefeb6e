import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '../../../../contract/contact';
import type { TicketStatus } from '../../../../contract/operator-rules';
import { api } from '../../../lib/api-client';

/** Closes a ticket, or opens it again. */
export const setTicketStatus = ({ id, status }: { id: string; status: TicketStatus }) =>
  api<{ message: ContactMessage }>(`/admin/contact-messages/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { status },
  }).then((r) => r.message);

export const useSetTicketStatus = () => useMutation({ mutationFn: setTicketStatus });
