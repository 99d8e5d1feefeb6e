import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../../../contract/account';
import { api } from '../../../lib/api-client';

export const changePassword = (body: ChangePasswordBody) =>
  api<{ message: string }>('/users/me/password', { method: 'POST', body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
