import { useMutation } from '@tanstack/react-query';
import type { AdjustBody } from '../../../../contract/members';
import { api } from '../../../lib/api-client';

/**
 * A correction through the ledger. `key` is the form's Idempotency-Key: a
 * double click or a retry of the same form changes the balance once.
 */
export const adjustBalance = ({ id, key, ...body }: AdjustBody & { id: string; key: string }) =>
  api<{ message: string; balance: number }>(`/admin/users/${encodeURIComponent(id)}/adjust`, {
    method: 'POST',
    body,
    headers: { 'idempotency-key': key },
  });

export const useAdjustBalance = () => useMutation({ mutationFn: adjustBalance });
