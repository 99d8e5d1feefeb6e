import { queryOptions, useQuery } from '@tanstack/react-query';
import { prizesApi } from '../../../../contract/prizes-api';
import { call } from '../../../lib/call';
import { orEmpty } from './or-empty';

export const getAllWinners = ({ signal }: { signal?: AbortSignal } = {}) =>
  orEmpty(call(prizesApi.winners, {}, { signal }));

export const allWinnersQueryOptions = () =>
  queryOptions({ queryKey: ['winners', 'all'], queryFn: getAllWinners });

export const useAllWinners = () => useQuery(allWinnersQueryOptions());
