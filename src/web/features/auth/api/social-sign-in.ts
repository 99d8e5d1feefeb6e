import { useMutation } from '@tanstack/react-query';
import { type AppleBody, authApi, type GoogleBody } from '../../../../contract/auth';
import { call } from '../../../lib/call';
import { deviceHeaders } from '../../../lib/device-id';

export const useGoogleSignIn = () =>
  useMutation({
    mutationFn: (body: GoogleBody) => call(authApi.google, { body }, { headers: deviceHeaders() }),
  });
export const useAppleSignIn = () =>
  useMutation({
    mutationFn: (body: AppleBody) => call(authApi.apple, { body }, { headers: deviceHeaders() }),
  });
