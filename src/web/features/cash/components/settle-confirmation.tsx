import { useState } from 'react';
import { APPROVAL_DAY_RULE, APPROVAL_WAITING } from '../../../../contract/approvals';
import type { AdminWithdrawal } from '../../../../contract/cash';
import { penceToPounds, poundsToPence } from '../../../../contract/money';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { pounds } from '../../../lib/format';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useSettleWithdrawal } from '../api/settle-withdrawal';

export const payTo = (w: AdminWithdrawal) => {
  if (w.method === 'paypal') return `PayPal: ${w.details.paypalEmail}`;
  if (w.method === 'giftcard') return `Gift card: ${w.details.name}, ${w.details.email}`;
  return `Bank: ${w.details.accountName}, sort code ${w.details.sortCode?.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3')}, account ${w.details.accountNumber}`;
};

export type Outcome = 'paid' | 'send' | 'reject' | 'cancel' | 'retry';

const TITLES: Record<Outcome, string> = {
  paid: 'Confirm the payment',
  send: 'Confirm sending',
  reject: 'Confirm the rejection',
  cancel: 'Confirm cancelling',
  retry: 'Send it again now',
};
const SUBMIT: Record<Outcome, string> = {
  paid: 'Confirm paid',
  send: 'Confirm and send',
  reject: 'Confirm rejection',
  cancel: 'Confirm cancelling',
  retry: 'Send now',
};
const DONE: Record<Outcome, string> = {
  paid: 'Withdrawal marked paid',
  send: 'Withdrawal approved and on its way',
  reject: 'Withdrawal rejected and the money returned',
  cancel: 'Payout cancelled and the money returned',
  retry: 'Payout on its way again',
};

/**
 * Paying, sending, rejecting or cancelling one request, confirmed in the page (DESIGN §12, §17): who,
 * how much, where it goes and what happens to their balance; paying by hand records the provider's
 * reference, and a member with fraud signals is paid only once the admin says they have looked at them.
 */
export function SettleConfirmation({
  w,
  outcome,
  onDone,
}: {
  w: AdminWithdrawal;
  outcome: Outcome;
  onDone(): void;
}) {
  const settle = useSettleWithdrawal();
  const [reference, setReference] = useState('');
  const [looked, setLooked] = useState(false);
  const [error, setError] = useState<string>();
  // Signals are looked at before money is let go from pending; an approved one was checked then.
  const flagged = w.risk.score > 0 && w.status === 'pending';
  const paying = outcome === 'paid' || outcome === 'send';
  const typed = outcome === 'paid';
  const send = submitWithToast(
    settle.mutateAsync,
    {
      success: (r) => ('approval' in r ? APPROVAL_WAITING : DONE[outcome]),
      error: 'Failed to update the withdrawal',
    },
    onDone,
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const acknowledgeSignals = flagged || undefined;
    if (outcome === 'reject' || outcome === 'cancel' || outcome === 'retry')
      return void send({ id: w._id, outcome });
    if (outcome === 'send') return void send({ id: w._id, outcome, acknowledgeSignals });
    if (!reference.trim()) return setError('The payment reference is required');
    void send({ id: w._id, outcome, reference: reference.trim(), acknowledgeSignals });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3 rounded-xl bg-slate-50 p-4">
      <fieldset className="space-y-3">
        <legend className="font-semibold text-slate-900">{TITLES[outcome]}</legend>
        <p className="text-sm text-slate-800">
          {paying || outcome === 'retry'
            ? `${w.user.username}: ${pounds(w.amount)} to ${payTo(w)}. Their cash balance does not change: the money left it when they asked.`
            : `${w.user.username}: +${pounds(w.amount)} cash back, balance ${pounds(w.user.cash)} → ${pounds(penceToPounds(poundsToPence(w.user.cash) + poundsToPence(w.amount)))}, and they are told.`}
        </p>
        {outcome === 'send' && (
          <p className="text-sm text-slate-800">
            A PayPal address is paid through PayPal when it is set up here; anything else is approved to be
            paid by hand, then marked paid with its reference.
          </p>
        )}
        {paying && w.status === 'pending' && (
          <p className="text-sm text-amber-900">
            {flagged
              ? 'This member has fraud signals: paying them waits for a second member of staff to approve it.'
              : APPROVAL_DAY_RULE}
          </p>
        )}
        {typed && (
          <TextField
            label="Payment reference"
            placeholder="The PayPal transaction ID or bank reference"
            value={reference}
            onChange={(e) => {
              setReference(e.target.value);
              setError(undefined);
            }}
            error={error}
            maxLength={100}
          />
        )}
        {paying && flagged && (
          <label className="flex items-start gap-2 text-sm text-red-900">
            <input
              type="checkbox"
              className="mt-1"
              checked={looked}
              onChange={(e) => setLooked(e.target.checked)}
            />
            I have looked at {w.user.username}’s fraud signals (risk {w.risk.score}) and this is to be paid.
          </label>
        )}
      </fieldset>
      <div className="flex gap-3">
        <Button
          type="submit"
          size="sm"
          variant={paying || outcome === 'retry' ? 'primary' : 'danger'}
          disabled={settle.isPending || (paying && flagged && !looked)}
        >
          {SUBMIT[outcome]}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
