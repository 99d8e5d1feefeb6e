import { useMutation } from '@tanstack/react-query';
import { accountApi, type ChangeEmailBody } from '../../../../contract/account';
import { call } from '../../../lib/call';

export const useChangeEmail = () =>
  useMutation({
    mutationFn: (body: ChangeEmailBody) => call(accountApi.changeEmail, { body }).then((r) => r.user),
  });
