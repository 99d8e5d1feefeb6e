import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailBody } from '../../../../contract/account';
import type { CurrentUser } from '../../../../contract/users';
import { api } from '../../../lib/api-client';

export const changeEmail = (body: ChangeEmailBody) =>
  api<{ user: CurrentUser }>('/users/me/email', { method: 'POST', body }).then((r) => r.user);

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
