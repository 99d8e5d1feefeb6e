import { useMutation } from '@tanstack/react-query';
import type { LoginBody, SessionResponse } from '../../../../contract/auth';
import { api } from '../../../lib/api-client';

export const login = (body: LoginBody) => api<SessionResponse>('/auth/login', { method: 'POST', body });

export const useLogin = () => useMutation({ mutationFn: login });
