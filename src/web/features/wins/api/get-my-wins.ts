import { queryOptions, useQuery } from '@tanstack/react-query';
import { winsApi } from '../../../../contract/wins';
import { call } from '../../../lib/call';

export const getMyWins = ({ signal }: { signal?: AbortSignal } = {}) =>
  call(winsApi.mine, {}, { signal }).then((r) => r.wins);

export const myWinsQueryOptions = () => queryOptions({ queryKey: ['me', 'wins'], queryFn: getMyWins });

export const useMyWins = () => useQuery(myWinsQueryOptions());
