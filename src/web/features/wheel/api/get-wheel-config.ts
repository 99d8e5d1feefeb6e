import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WheelConfig } from '../../../../contract/wheel';
import { api } from '../../../lib/api-client';

export const getWheelConfig = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ prizes: WheelConfig }>('/instant-win/config', { signal }).then((r) => r.prizes);

export const wheelConfigQueryOptions = () =>
  queryOptions({ queryKey: ['wheel', 'config'], queryFn: getWheelConfig });

export const useWheelConfig = () => useQuery(wheelConfigQueryOptions());
