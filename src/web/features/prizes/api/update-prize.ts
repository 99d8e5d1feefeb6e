import { useMutation } from '@tanstack/react-query';
import type { Prize, UpdatePrizeBody } from '../../../../contract/prizes';
import { api } from '../../../lib/api-client';

/** Edits a prize; `{ status: 'active' }` makes a draft live. */
export const updatePrize = ({ id, body }: { id: string; body: UpdatePrizeBody }) =>
  api<{ prize: Prize }>(`/admin/prizes/${encodeURIComponent(id)}`, { method: 'PUT', body }).then(
    (r) => r.prize,
  );

export const useUpdatePrize = () => useMutation({ mutationFn: updatePrize });
