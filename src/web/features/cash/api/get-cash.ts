import { queryOptions, useQuery } from '@tanstack/react-query';
import { cashApi } from '../../../../contract/cash';
import { call } from '../../../lib/call';

export const getCash = ({ signal }: { signal?: AbortSignal } = {}) => call(cashApi.cash, {}, { signal });

export const cashQueryOptions = () => queryOptions({ queryKey: ['me', 'cash'], queryFn: getCash });

export const useCash = () => useQuery(cashQueryOptions());
