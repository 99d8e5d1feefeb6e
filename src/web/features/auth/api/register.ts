import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, SessionResponse } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';
import { deviceHeaders } from '../device-id';

export const register = (body: RegisterBody) =>
  api<SessionResponse>('/auth/register', { method: 'POST', body, headers: deviceHeaders() });

export const useRegister = () => useMutation({ mutationFn: register });
