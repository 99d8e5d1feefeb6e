import { useMutation } from '@tanstack/react-query';
import { type UpdateWheelOddsBody, wheelApi } from '../../../../contract/wheel';
import { call } from '../../../lib/call';

export const useUpdateWheelOdds = () =>
  useMutation({
    mutationFn: (body: UpdateWheelOddsBody) => call(wheelApi.setOdds, { body }).then((r) => r.prizes),
  });
