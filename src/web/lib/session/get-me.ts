import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser } from '../../../contract/users';
import { api } from '../api-client';

export const getMe = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ user: CurrentUser }>('/auth/me', { signal }).then((r) => r.user);

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'me'], queryFn: getMe, retry: false, staleTime: 30_000 });
