import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../../contract/auth';
import type { VerifyBody } from '../../../../contract/two-factor';
import { call } from '../../../lib/call';
import { deviceHeaders } from '../../../lib/device-id';

export const useVerifySignIn = () =>
  useMutation({
    mutationFn: (body: VerifyBody) =>
      call(authApi.verifySecondFactor, { body }, { headers: deviceHeaders() }),
  });
