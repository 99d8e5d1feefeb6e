import { useMutation } from '@tanstack/react-query';
import type { UpdatePrizeBody } from '../../../../contract/prizes';
import { prizesApi } from '../../../../contract/prizes-api';
import { call } from '../../../lib/call';

/** Edits a prize; `{ status: 'active' }` makes a draft live. */
export const updatePrize = ({ id, body }: { id: string; body: UpdatePrizeBody }) =>
  call(prizesApi.update, { params: { id }, body }).then((r) => r.prize);

export const useUpdatePrize = () => useMutation({ mutationFn: updatePrize });
