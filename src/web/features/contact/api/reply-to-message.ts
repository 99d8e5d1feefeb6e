import { useMutation } from '@tanstack/react-query';
import { contactApi } from '../../../../contract/contact';
import { call } from '../../../lib/call';

/** Emails an answer to the sender and marks the ticket answered. */
export const useReplyToMessage = () =>
  useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      call(contactApi.reply, { params: { id }, body: { message } }).then((r) => r.message),
  });
