import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWinner } from '../../../../contract/wins';
import { api } from '../../../lib/api-client';

export const getAdminWinners = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ winners: AdminWinner[] }>('/admin/winners', { signal }).then((r) => r.winners);

export const adminWinnersQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'winners'], queryFn: getAdminWinners });

export const useAdminWinners = () => useQuery(adminWinnersQueryOptions());
