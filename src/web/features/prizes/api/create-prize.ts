import { useMutation } from '@tanstack/react-query';
import { type CreatePrizeBody, prizesApi } from '../../../../contract/prizes';
import { call } from '../../../lib/call';

export const createPrize = (body: CreatePrizeBody) => call(prizesApi.create, { body }).then((r) => r.prize);

export const useCreatePrize = () => useMutation({ mutationFn: createPrize });
