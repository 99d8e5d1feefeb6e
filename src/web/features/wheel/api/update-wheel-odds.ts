import { useMutation } from '@tanstack/react-query';
import type { UpdateWheelOddsBody, WheelConfig } from '../../../../contract/wheel';
import { api } from '../../../lib/api-client';

export const updateWheelOdds = (body: UpdateWheelOddsBody) =>
  api<{ prizes: WheelConfig }>('/admin/instant-win/config', { method: 'PUT', body }).then((r) => r.prizes);

export const useUpdateWheelOdds = () => useMutation({ mutationFn: updateWheelOdds });
