import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { pounds } from '../../../lib/format';
import { DeleteAccountModal } from './delete-account-modal';

/** Erasure: what is lost and what is kept, then a confirmation before anything happens. */
export function DeleteAccount({ hasPassword, cashBalance }: { hasPassword: boolean; cashBalance: number }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="space-y-4 p-5 text-sm text-slate-700">
      <p>Deleting your account cannot be undone. When you delete it:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          your personal data (name, email address, sign-in details, delivery and payout details, and messages)
          is erased;
        </li>
        <li>your entries in draws that are still open are withdrawn;</li>
        <li>prizes you have not claimed, and your cash balance of {pounds(cashBalance)}, are forfeited;</li>
        <li>the ledger and past draws stay as they are, so every draw can still be verified.</li>
      </ul>
      <p>
        While a withdrawal is being paid, or a prize you claimed is on its way, the account cannot be deleted
        yet: wait until it has arrived.
      </p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden className="h-4 w-4" /> Delete my account
      </Button>
      {confirming && <DeleteAccountModal hasPassword={hasPassword} onClose={() => setConfirming(false)} />}
    </div>
  );
}
