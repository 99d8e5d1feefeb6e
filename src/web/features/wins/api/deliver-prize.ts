import { useMutation } from '@tanstack/react-query';
import { winsApi } from '../../../../contract/wins';
import { call } from '../../../lib/call';

type Win = { prizeId: string; userId: string };

/** A posted prize on its way, with its carrier and tracking number; then delivered (DESIGN §17). */
export const useDispatchPrize = () =>
  useMutation({
    mutationFn: ({ prizeId, userId, ...body }: Win & { carrier: string; tracking: string }) =>
      call(winsApi.dispatch, { params: { prizeId, userId }, body }),
  });

export const useMarkDelivered = () =>
  useMutation({ mutationFn: (params: Win) => call(winsApi.delivered, { params }) });
