import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSession } from '../../../../contract/account';
import { api } from '../../../lib/api-client';

export const getSessions = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ sessions: AccountSession[] }>('/users/me/sessions', { signal }).then((r) => r.sessions);

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'sessions'], queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQueryOptions());
