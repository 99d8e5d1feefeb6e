import { useMutation } from '@tanstack/react-query';
import type { LoginBody, SessionResponse } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';
import { deviceHeaders } from '../device-id';

export const login = (body: LoginBody) =>
  api<SessionResponse>('/auth/login', { method: 'POST', body, headers: deviceHeaders() });

export const useLogin = () => useMutation({ mutationFn: login });
