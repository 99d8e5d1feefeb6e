import { useMutation } from '@tanstack/react-query';
import { accountApi, type DeleteAccountBody } from '../../../../contract/account';
import { call } from '../../../lib/call';

// The account is gone: refetching what is on screen would only meet 401s.
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (body: DeleteAccountBody) => call(accountApi.deleteAccount, { body }),
    meta: { changedNothing: () => true },
  });
