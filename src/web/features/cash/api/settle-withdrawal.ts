import { useMutation } from '@tanstack/react-query';
import { cashApi } from '../../../../contract/cash';
import { call } from '../../../lib/call';

/**
 * Marks a request paid with the provider's reference, sends it to its provider, or rejects or cancels
 * it (which returns the money to the member). Paying a member with fraud signals needs `acknowledgeSignals`: the admin has looked at them.
 * Paying a large one may answer an approval instead: it waits for a second member of staff.
 */
export type Settlement =
  | { id: string; outcome: 'paid'; reference: string; acknowledgeSignals?: boolean }
  | { id: string; outcome: 'send'; acknowledgeSignals?: boolean }
  | { id: string; outcome: 'reject' | 'cancel' | 'retry' };

export const settleWithdrawal = (settlement: Settlement) => {
  const params = { id: settlement.id };
  const acknowledged = 'acknowledgeSignals' in settlement && settlement.acknowledgeSignals;
  switch (settlement.outcome) {
    case 'paid':
      return call(cashApi.markPaid, {
        params,
        body: { reference: settlement.reference, ...(acknowledged && { acknowledgeSignals: true }) },
      });
    // Approves it and hands it to its provider (DESIGN §17): PayPal when configured, else paid by hand.
    case 'send':
      return call(cashApi.send, { params, body: acknowledged ? { acknowledgeSignals: true } : {} });
    case 'cancel':
      return call(cashApi.cancel, { params });
    case 'retry':
      return call(cashApi.retry, { params });
    case 'reject':
      return call(cashApi.reject, { params });
  }
};

export const useSettleWithdrawal = () => useMutation({ mutationFn: settleWithdrawal });

/** Several marked paid under one batch reference; each answers paid, waiting for approval, or refused. */
export const useMarkManyPaid = () =>
  useMutation({
    mutationFn: (body: { ids: string[]; reference: string }) => call(cashApi.markManyPaid, { body }),
  });
