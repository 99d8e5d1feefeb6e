import { useMutation } from '@tanstack/react-query';
import { offersApi, type WallInput, type WallUpdate } from '../../../../contract/offer-walls';
import { call } from '../../../lib/call';

export const useCreateWall = () =>
  useMutation({ mutationFn: (body: WallInput) => call(offersApi.addWall, { body }) });

/** Changes the fields sent; a secret only when it is being replaced, `{ active: false }` switches a wall off. */
export const useUpdateWall = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: string; body: WallUpdate }) =>
      call(offersApi.updateWall, { params: { id }, body }),
  });
