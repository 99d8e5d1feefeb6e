import { useMutation } from '@tanstack/react-query';
import { authApi, type RegisterBody } from '../../../../contract/auth';
import { call } from '../../../lib/call';
import { deviceHeaders } from '../../../lib/device-id';

export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterBody) => call(authApi.register, { body }, { headers: deviceHeaders() }),
  });
