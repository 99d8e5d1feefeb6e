import { useMutation } from '@tanstack/react-query';
import { type CodeBody, twoFactorApi } from '../../../../contract/two-factor';
import { call } from '../../../lib/call';

export const useRenewRecoveryCodes = () =>
  useMutation({ mutationFn: (body: CodeBody) => call(twoFactorApi.recoveryCodes, { body }) });
