import { useState } from 'react';
import type { AdminWithdrawal } from '../../../../contract/cash';
import { type BatchOutcome, BatchResults } from '../../../components/batch-results';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorText } from '../../../lib/api-client';
import { counted, pounds } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useMarkManyPaid } from '../api/settle-withdrawal';
import { payTo } from './settle-confirmation';

/**
 * The selected requests, paid in one batch (a PayPal payout batch, a bank's bulk payment): the total, one
 * reference for all, and afterwards what became of each.
 */
export function BulkPayout({ selected, onDone }: { selected: AdminWithdrawal[]; onDone(): void }) {
  const markMany = useMarkManyPaid();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();
  const [outcomes, setOutcomes] = useState<BatchOutcome[]>();
  const total = selected.reduce((sum, w) => sum + Math.round(w.amount * 100), 0) / 100;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reference.trim()) return setError('The payment reference is required');
    try {
      const answer = await markMany.mutateAsync({
        ids: selected.map((w) => w._id),
        reference: reference.trim(),
      });
      const paid = answer.results.filter((r) => r.outcome === 'paid').length;
      toast.success(`${counted(paid, 'withdrawal', 'withdrawals')} marked paid`);
      const names = new Map(selected.map((w) => [w._id, w.user.username]));
      setOutcomes(
        answer.results.map((r) => ({
          name: names.get(r._id) ?? r._id,
          text:
            r.outcome === 'paid' ? 'paid' : r.outcome === 'approval' ? r.message! : `not paid. ${r.message}`,
        })),
      );
      setReference('');
      onDone();
    } catch (err) {
      toast.error(errorText(err, 'Failed to mark the withdrawals paid'));
    }
  };

  if (!selected.length && !outcomes) return null;
  return (
    <div className="mb-3 space-y-3">
      {selected.length > 0 && (
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
        >
          <p className="font-semibold text-slate-900">
            {counted(selected.length, 'withdrawal', 'withdrawals')} selected: {pounds(total)} in all
          </p>
          {/* Whom the batch pays, and how much each: their balances do not change, the money left them when they asked. */}
          <ul aria-label="Paid in this batch" className="space-y-1 text-sm text-slate-800">
            {selected.map((w) => (
              <li key={w._id} className="break-words">
                {w.user.username}: {pounds(w.amount)} to {payTo(w)}
              </li>
            ))}
          </ul>
          <TextField
            label="Batch payment reference"
            placeholder="The PayPal batch ID or bank reference"
            value={reference}
            onChange={(e) => {
              setReference(e.target.value);
              setError(undefined);
            }}
            error={error}
            maxLength={100}
          />
          <Button type="submit" size="sm" disabled={markMany.isPending}>
            Mark {selected.length} paid
          </Button>
        </form>
      )}
      {outcomes && <BatchResults outcomes={outcomes} />}
    </div>
  );
}
