import { useMutation } from '@tanstack/react-query';
import { contactApi } from '../../../../contract/contact';
import type { TicketStatus } from '../../../../contract/operator-rules';
import { call } from '../../../lib/call';

/** Closes a ticket, or opens it again. */
export const useSetTicketStatus = () =>
  useMutation({
    mutationFn: ({ id, status }: { id: string; status: TicketStatus }) =>
      call(contactApi.setStatus, { params: { id }, body: { status } }).then((r) => r.message),
  });
