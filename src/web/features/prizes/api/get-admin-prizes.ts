import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Prize } from '../../../../contract/prizes';
import { api } from '../../../lib/api-client';

/** Every prize, drafts and closed ones included: for the admin panel. */
export const getAdminPrizes = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ prizes: Prize[] }>('/admin/prizes', { signal }).then((r) => r.prizes);

export const adminPrizesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'prizes'], queryFn: getAdminPrizes });

export const useAdminPrizes = () => useQuery(adminPrizesQueryOptions());
