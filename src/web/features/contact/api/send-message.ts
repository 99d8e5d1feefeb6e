import { useMutation } from '@tanstack/react-query';
import { type ContactBody, contactApi } from '../../../../contract/contact';
import { call } from '../../../lib/call';

export const useSendMessage = () =>
  useMutation({ mutationFn: (body: ContactBody) => call(contactApi.send, { body }) });
