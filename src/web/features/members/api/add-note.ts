import { useMutation } from '@tanstack/react-query';
import { membersApi } from '../../../../contract/members-api';
import { call } from '../../../lib/call';

export const useAddNote = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      call(membersApi.addNote, { params: { id }, body: { body } }),
  });
