import { useMutation } from '@tanstack/react-query';
import { type CodeBody, twoFactorApi } from '../../../../contract/two-factor';
import { call } from '../../../lib/call';

export const useReauthenticate = () =>
  useMutation({ mutationFn: (body: CodeBody) => call(twoFactorApi.reauth, { body }) });
