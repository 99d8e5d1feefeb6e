import { type FormEvent, useState } from 'react';
import { ADMIN_REASON_MIN } from '../../../../contract/operator-rules';
import type { Prize } from '../../../../contract/prizes';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useCancelPrize } from '../api/cancel-prize';

/** Cancelling a prize: the reason, which everyone sees on the prize's page, then the refunds. */
export function CancelPrizeForm({ prize, onDone }: { prize: Prize; onDone(): void }) {
  const cancel = useCancelPrize();
  const [reason, setReason] = useState('');
  const send = submitWithToast(
    cancel.mutateAsync,
    { success: (r) => r.message, error: 'Failed to cancel the prize' },
    onDone,
  );
  return (
    <form
      className="basis-full space-y-3 rounded-lg bg-slate-50 p-4"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void send({ id: prize._id, reason });
      }}
    >
      <p className="text-sm text-slate-700">
        Everyone who entered gets their entries back. The reason is shown on the prize’s page. This cannot be
        undone.
      </p>
      <TextField
        label="Reason for cancelling"
        required
        minLength={ADMIN_REASON_MIN}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button type="submit" variant="danger" disabled={cancel.isPending}>
        Cancel and refund everyone
      </Button>
    </form>
  );
}
