import { useMutation } from '@tanstack/react-query';
import { winsApi } from '../../../../contract/wins';
import { call } from '../../../lib/call';

export const markNotified = ({ prizeId, userId }: { prizeId: string; userId: string }) =>
  call(winsApi.notify, { params: { prizeId, userId } });

export const useMarkNotified = () => useMutation({ mutationFn: markNotified });
