import { useMutation } from '@tanstack/react-query';
import { type UpdateWheelOddsBody, wheelApi } from '../../../../contract/wheel';
import { call } from '../../../lib/call';

/** Asks for new odds: a change of the odds waits for a second member of staff (DESIGN §12). */
export const useUpdateWheelOdds = () =>
  useMutation({ mutationFn: (body: UpdateWheelOddsBody) => call(wheelApi.setOdds, { body }) });
