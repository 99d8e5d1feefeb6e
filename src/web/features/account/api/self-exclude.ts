import { useMutation } from '@tanstack/react-query';
import { accountApi, type SelfExclusionBody } from '../../../../contract/account';
import { call } from '../../../lib/call';

export const useSelfExclude = () =>
  useMutation({ mutationFn: (body: SelfExclusionBody) => call(accountApi.selfExclude, { body }) });
