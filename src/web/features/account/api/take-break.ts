import { useMutation } from '@tanstack/react-query';
import type { BreakBody, BreakResponse } from '../../../../contract/account';
import { api } from '../../../lib/api-client';

export const takeBreak = (body: BreakBody) => api<BreakResponse>('/users/me/break', { method: 'POST', body });

// Every session, this one included, has just ended: refetching what is on screen would only meet 401s.
export const useTakeBreak = () =>
  useMutation({ mutationFn: takeBreak, meta: { changedNothing: () => true } });
