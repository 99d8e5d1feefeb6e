import { useState } from 'react';
import { APPROVAL_DAY_RULE, APPROVAL_WAITING } from '../../../../contract/approvals';
import type { AdminWithdrawal } from '../../../../contract/cash';
import { penceToPounds, poundsToPence } from '../../../../contract/money';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { pounds } from '../../../lib/format';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useSettleWithdrawal } from '../api/settle-withdrawal';

export const payTo = (w: AdminWithdrawal) =>
  w.method === 'paypal'
    ? `PayPal: ${w.details.paypalEmail}`
    : `Bank: ${w.details.accountName}, sort code ${w.details.sortCode?.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3')}, account ${w.details.accountNumber}`;

/**
 * Paying or rejecting one request, confirmed in the page (DESIGN §12): who, how much, where it goes and
 * what happens to their balance; paying records the provider's reference, and a member with fraud
 * signals is paid only once the admin says they have looked at them.
 */
export function SettleConfirmation({
  w,
  outcome,
  onDone,
}: {
  w: AdminWithdrawal;
  outcome: 'paid' | 'reject';
  onDone(): void;
}) {
  const settle = useSettleWithdrawal();
  const [reference, setReference] = useState('');
  const [looked, setLooked] = useState(false);
  const [error, setError] = useState<string>();
  const flagged = w.risk.score > 0;
  const send = submitWithToast(
    settle.mutateAsync,
    {
      success: (r) =>
        'approval' in r
          ? APPROVAL_WAITING
          : outcome === 'paid'
            ? 'Withdrawal marked paid'
            : 'Withdrawal rejected and the money returned',
      error: 'Failed to update the withdrawal',
    },
    onDone,
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (outcome === 'reject') return void send({ id: w._id, outcome });
    if (!reference.trim()) return setError('The payment reference is required');
    void send({ id: w._id, outcome, reference: reference.trim(), acknowledgeSignals: flagged || undefined });
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3 rounded-xl bg-slate-50 p-4">
      <fieldset className="space-y-3">
        <legend className="font-semibold text-slate-900">
          {outcome === 'paid' ? 'Confirm the payment' : 'Confirm the rejection'}
        </legend>
        <p className="text-sm text-slate-800">
          {outcome === 'paid'
            ? `${w.user.username}: ${pounds(w.amount)} to ${payTo(w)}. Their cash balance does not change: the money left it when they asked.`
            : `${w.user.username}: +${pounds(w.amount)} cash back, balance ${pounds(w.user.cash)} → ${pounds(penceToPounds(poundsToPence(w.user.cash) + poundsToPence(w.amount)))}, and they are told.`}
        </p>
        {outcome === 'paid' && (
          <p className="text-sm text-amber-900">
            {flagged
              ? 'This member has fraud signals: paying them waits for a second member of staff to approve it.'
              : APPROVAL_DAY_RULE}
          </p>
        )}
        {outcome === 'paid' && (
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
        {outcome === 'paid' && flagged && (
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
          variant={outcome === 'reject' ? 'danger' : 'primary'}
          disabled={settle.isPending || (outcome === 'paid' && flagged && !looked)}
        >
          {outcome === 'paid' ? 'Confirm paid' : 'Confirm rejection'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
