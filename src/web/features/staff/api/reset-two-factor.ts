import { useMutation } from '@tanstack/react-query';
import { staffApi } from '../../../../contract/staff-api';
import { call } from '../../../lib/call';

export const useResetTwoFactor = () =>
  useMutation({ mutationFn: (id: string) => call(staffApi.resetTwoFactor, { params: { id } }) });
