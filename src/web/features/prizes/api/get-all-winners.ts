import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicWinner } from '../../../../contract/prizes';
import { api } from '../../../lib/api-client';
import { orEmpty } from './or-empty';

export const getAllWinners = ({ signal }: { signal?: AbortSignal } = {}) =>
  orEmpty(api<{ winners: PublicWinner[] }>('/prizes/winners/all', { signal }));

export const allWinnersQueryOptions = () =>
  queryOptions({ queryKey: ['winners', 'all'], queryFn: getAllWinners });

export const useAllWinners = () => useQuery(allWinnersQueryOptions());
