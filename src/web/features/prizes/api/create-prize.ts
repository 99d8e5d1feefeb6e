import { useMutation } from '@tanstack/react-query';
import type { CreatePrizeBody, Prize } from '../../../../contract/prizes';
import { api } from '../../../lib/api-client';

export const createPrize = (body: CreatePrizeBody) =>
  api<{ prize: Prize }>('/admin/prizes', { method: 'POST', body }).then((r) => r.prize);

export const useCreatePrize = () => useMutation({ mutationFn: createPrize });
