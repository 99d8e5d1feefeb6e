import { useMutation } from '@tanstack/react-query';
import { membersApi } from '../../../../contract/members-api';
import { call } from '../../../lib/call';

/** Marks the member's email verified. `key` is the form's Idempotency-Key: a double click marks it once. */
export const useVerifyEmail = () =>
  useMutation({
    mutationFn: ({ id, key, reason }: { id: string; key: string; reason: string }) =>
      call(
        membersApi.verifyEmail,
        { params: { id }, body: { reason } },
        { headers: { 'idempotency-key': key } },
      ),
  });
