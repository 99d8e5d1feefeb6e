import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Prize } from '../../../../contract/prizes';
import { api } from '../../../lib/api-client';

export const getReadyPrizes = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ prizes: Prize[] }>('/admin/prizes/ready-to-draw', { signal }).then((r) => r.prizes);

export const readyPrizesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'prizes', 'ready-to-draw'], queryFn: getReadyPrizes });

export const useReadyPrizes = () => useQuery(readyPrizesQueryOptions());
