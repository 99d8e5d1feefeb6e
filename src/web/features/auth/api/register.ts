import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, SessionResponse } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';

export const register = (body: RegisterBody) =>
  api<SessionResponse>('/auth/register', { method: 'POST', body });

export const useRegister = () => useMutation({ mutationFn: register });
