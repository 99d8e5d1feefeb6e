import { useMutation } from '@tanstack/react-query';
import { accountApi, type BreakBody } from '../../../../contract/account';
import { call } from '../../../lib/call';

// Every session, this one included, has just ended: refetching what is on screen would only meet 401s.
export const useTakeBreak = () =>
  useMutation({
    mutationFn: (body: BreakBody) => call(accountApi.takeBreak, { body }),
    meta: { changedNothing: () => true },
  });
