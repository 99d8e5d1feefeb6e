import { useMutation } from '@tanstack/react-query';
import { accountApi } from '../../../../contract/account';
import { call } from '../../../lib/call';

/** Signs out one of the user's other devices. */
export const useEndSession = () =>
  useMutation({ mutationFn: (id: string) => call(accountApi.endSession, { params: { id } }) });
