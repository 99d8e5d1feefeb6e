import { useMutation } from '@tanstack/react-query';
import { authApi, type LoginBody } from '../../../../contract/auth';
import { call } from '../../../lib/call';
import { deviceHeaders } from '../../../lib/device-id';

export const useLogin = () =>
  useMutation({
    mutationFn: (body: LoginBody) => call(authApi.login, { body }, { headers: deviceHeaders() }),
  });
