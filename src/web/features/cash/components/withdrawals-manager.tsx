import { Banknote } from 'lucide-react';
import { useState } from 'react';
import type { AdminWithdrawal } from '../../../../contract/cash';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { pounds, ukDateTime } from '../../../lib/format';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useAdminWithdrawals } from '../api/get-admin-withdrawals';
import { useSettleWithdrawal } from '../api/settle-withdrawal';

const tabs = [
  { value: 'pending', label: 'To pay' },
  { value: 'paid', label: 'Paid' },
  { value: 'rejected', label: 'Rejected' },
] as const;

function PayTo({ w }: { w: AdminWithdrawal }) {
  if (w.method === 'paypal') return <>PayPal: {w.details.paypalEmail}</>;
  return (
    <>
      Bank: {w.details.accountName}, sort code {w.details.sortCode?.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3')}
      , account {w.details.accountNumber}
    </>
  );
}

/** The admin's Withdrawals tab: pay each request by hand, then mark it paid, or reject it to return the money. */
export function WithdrawalsManager() {
  const [status, setStatus] = useState<(typeof tabs)[number]['value']>('pending');
  const { data, isPending, isError } = useAdminWithdrawals(status);
  const settle = useSettleWithdrawal();
  const act = (w: AdminWithdrawal, outcome: 'paid' | 'reject') => {
    if (
      outcome === 'reject' &&
      !window.confirm(
        `Reject ${pounds(w.amount)} for ${w.user.username}? The money goes back to their balance.`,
      )
    )
      return;
    void submitWithToast(settle.mutateAsync, {
      success: outcome === 'paid' ? 'Withdrawal marked paid' : 'Withdrawal rejected and the money returned',
      error: 'Failed to update the withdrawal',
    })({ id: w._id, outcome });
  };
  return (
    <Tabs tabs={tabs} value={status} onChange={setStatus} label="Withdrawals by state">
      {isPending ? (
        <Spinner label="Loading withdrawals..." />
      ) : isError ? (
        <Card>
          <LoadError what="Withdrawals" />
        </Card>
      ) : !data.length ? (
        <Card>
          <EmptyState icon={Banknote} title={status === 'pending' ? 'Nothing to pay' : 'None yet'}>
            {status === 'pending'
              ? 'New withdrawal requests appear here, oldest first.'
              : 'Settled requests appear here.'}
          </EmptyState>
        </Card>
      ) : (
        <ul className="space-y-3">
          {data.map((w) => (
            <li key={w._id}>
              <Card className="flex flex-wrap items-center gap-3 p-5">
                <div className="min-w-0 flex-1">
                  <p className="font-bold text-slate-900">
                    {pounds(w.amount)} to {w.user.username}{' '}
                    <span className="font-normal text-slate-600">({w.user.email})</span>
                  </p>
                  <p className="text-sm break-words text-slate-700">
                    <PayTo w={w} />
                  </p>
                  <p className="text-xs text-slate-500">
                    Requested {ukDateTime(w.requestedAt)}
                    {w.settledAt && ` · settled ${ukDateTime(w.settledAt)}`}
                  </p>
                </div>
                {w.status === 'pending' && (
                  <div className="flex gap-2">
                    <Button size="sm" onClick={() => act(w, 'paid')} disabled={settle.isPending}>
                      Mark paid
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => act(w, 'reject')}
                      disabled={settle.isPending}
                    >
                      Reject
                    </Button>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Tabs>
  );
}
