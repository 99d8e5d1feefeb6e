import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CashResponse } from '../../../../contract/cash';
import { api } from '../../../lib/api-client';

export const getCash = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<CashResponse>('/users/cash', { signal });

export const cashQueryOptions = () => queryOptions({ queryKey: ['me', 'cash'], queryFn: getCash });

export const useCash = () => useQuery(cashQueryOptions());
