import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '../../../../contract/account';
import { api } from '../../../lib/api-client';

export const deleteAccount = (body: DeleteAccountBody) =>
  api<{ message: string }>('/users/me', { method: 'DELETE', body });

// The account is gone: refetching what is on screen would only meet 401s.
export const useDeleteAccount = () =>
  useMutation({ mutationFn: deleteAccount, meta: { changedNothing: () => true } });
