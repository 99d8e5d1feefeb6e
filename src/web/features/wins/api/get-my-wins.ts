import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyWin } from '../../../../contract/wins';
import { api } from '../../../lib/api-client';

export const getMyWins = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ wins: MyWin[] }>('/users/wins', { signal }).then((r) => r.wins);

export const myWinsQueryOptions = () => queryOptions({ queryKey: ['me', 'wins'], queryFn: getMyWins });

export const useMyWins = () => useQuery(myWinsQueryOptions());
