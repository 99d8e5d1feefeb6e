import { useMutation } from '@tanstack/react-query';
import { cashApi } from '../../../../contract/cash';
import { call } from '../../../lib/call';

/**
 * Marks a request paid, or rejects it (which returns the money to the member).
 * Paying a member with fraud signals needs `acknowledgeSignals`: the admin has looked at them.
 * Paying a large one may answer an approval instead: it waits for a second member of staff.
 */
export const settleWithdrawal = ({
  id,
  outcome,
  acknowledgeSignals,
}: {
  id: string;
  outcome: 'paid' | 'reject';
  acknowledgeSignals?: boolean;
}) =>
  outcome === 'paid'
    ? call(cashApi.markPaid, {
        params: { id },
        body: acknowledgeSignals ? { acknowledgeSignals } : undefined,
      })
    : call(cashApi.reject, { params: { id } });

export const useSettleWithdrawal = () => useMutation({ mutationFn: settleWithdrawal });
