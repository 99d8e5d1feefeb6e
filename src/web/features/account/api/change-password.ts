import { useMutation } from '@tanstack/react-query';
import { accountApi, type ChangePasswordBody } from '../../../../contract/account';
import { call } from '../../../lib/call';

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePasswordBody) => call(accountApi.changePassword, { body }) });
