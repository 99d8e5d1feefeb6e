import { useMutation } from '@tanstack/react-query';
import { membersApi } from '../../../../contract/members-api';
import { call } from '../../../lib/call';

export const useResendVerification = () =>
  useMutation({ mutationFn: (id: string) => call(membersApi.resendVerification, { params: { id } }) });
