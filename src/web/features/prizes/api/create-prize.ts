import { useMutation } from '@tanstack/react-query';
import type { CreatePrizeBody } from '../../../../contract/prizes';
import { prizesApi } from '../../../../contract/prizes-api';
import { call } from '../../../lib/call';

export const createPrize = (body: CreatePrizeBody) => call(prizesApi.create, { body }).then((r) => r.prize);

export const useCreatePrize = () => useMutation({ mutationFn: createPrize });
