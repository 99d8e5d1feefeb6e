import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CanSpin } from '../../../../contract/wheel';
import { api } from '../../../lib/api-client';

export const getCanSpin = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<CanSpin>('/instant-win/can-spin', { signal });

export const canSpinQueryOptions = () => queryOptions({ queryKey: ['me', 'can-spin'], queryFn: getCanSpin });

export const useCanSpin = () => useQuery(canSpinQueryOptions());
