import { queryOptions } from '@tanstack/react-query';
import type { LoginBody, RegisterBody, SessionResponse } from '../../../../contract/auth';
import type { CurrentUser } from '../../../../contract/users';
import { api } from '../../../lib/api-client';

export const meQueryKey = ['auth', 'me'] as const;

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => api<{ user: CurrentUser }>('/auth/me', { signal }).then((r) => r.user),
    retry: false,
    staleTime: 30_000,
  });

export const login = (body: LoginBody) => api<SessionResponse>('/auth/login', { method: 'POST', body });

export const register = (body: RegisterBody) =>
  api<SessionResponse>('/auth/register', { method: 'POST', body });

export const logout = () => api<{ message: string }>('/auth/logout', { method: 'POST' });
