import { useMutation } from '@tanstack/react-query';
import type { AdjustBody } from '../../../../contract/members';
import { membersApi } from '../../../../contract/members-api';
import { call } from '../../../lib/call';

/**
 * A correction through the ledger. `key` is the form's Idempotency-Key: a
 * double click or a retry of the same form changes the balance once.
 */
export const useAdjustBalance = () =>
  useMutation({
    mutationFn: ({ id, key, ...body }: AdjustBody & { id: string; key: string }) =>
      call(membersApi.adjust, { params: { id }, body }, { headers: { 'idempotency-key': key } }),
  });
