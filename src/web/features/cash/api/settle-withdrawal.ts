import { useMutation } from '@tanstack/react-query';
import { cashApi } from '../../../../contract/cash';
import { call } from '../../../lib/call';

/**
 * Marks a request paid with the provider's reference, or rejects it (which returns the money to the
 * member). Paying a member with fraud signals needs `acknowledgeSignals`: the admin has looked at them.
 * Paying a large one may answer an approval instead: it waits for a second member of staff.
 */
export const settleWithdrawal = (
  settlement:
    | { id: string; outcome: 'paid'; reference: string; acknowledgeSignals?: boolean }
    | { id: string; outcome: 'reject' },
) =>
  settlement.outcome === 'paid'
    ? call(cashApi.markPaid, {
        params: { id: settlement.id },
        body: {
          reference: settlement.reference,
          ...(settlement.acknowledgeSignals && { acknowledgeSignals: true }),
        },
      })
    : call(cashApi.reject, { params: { id: settlement.id } });

export const useSettleWithdrawal = () => useMutation({ mutationFn: settleWithdrawal });

/** Several marked paid under one batch reference; each answers paid, waiting for approval, or refused. */
export const useMarkManyPaid = () =>
  useMutation({
    mutationFn: (body: { ids: string[]; reference: string }) => call(cashApi.markManyPaid, { body }),
  });
