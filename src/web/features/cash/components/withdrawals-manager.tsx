import { Banknote, Download } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { APPROVAL_WAITING } from '../../../../contract/approvals';
import { type AdminWithdrawal, cashExportsApi } from '../../../../contract/cash';
import { RISK_SIGNALS } from '../../../../contract/operator-rules';
import { RiskBadge, RiskSignals } from '../../../components/risk-signals';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { pounds, ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { downloadFile } from '../../../lib/save-file';
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
  const query = useAdminWithdrawals(status);
  const rows = rowsOf(query.data, 'withdrawals');
  const settle = useSettleWithdrawal();
  const act = (w: AdminWithdrawal, outcome: 'paid' | 'reject') => {
    if (
      outcome === 'reject' &&
      !window.confirm(
        `Reject ${pounds(w.amount)} for ${w.user.username}? The money goes back to their balance.`,
      )
    )
      return;
    const flagged = outcome === 'paid' && w.risk.score > 0;
    if (
      flagged &&
      !window.confirm(
        `${w.user.username} has fraud signals (risk ${w.risk.score}): ${w.risk.signals.map((s) => RISK_SIGNALS[s.code].label).join('; ')}. Pay ${pounds(w.amount)} anyway?`,
      )
    )
      return;
    void submitWithToast(settle.mutateAsync, {
      success: (r) =>
        'approval' in r
          ? APPROVAL_WAITING
          : outcome === 'paid'
            ? 'Withdrawal marked paid'
            : 'Withdrawal rejected and the money returned',
      error: 'Failed to update the withdrawal',
    })({ id: w._id, outcome, acknowledgeSignals: flagged || undefined });
  };
  const download = async () => {
    try {
      await downloadFile(cashExportsApi.withdrawals, { query: { status } }, `withdrawals-${status}.csv`);
    } catch (err) {
      toast.error(errorText(err, 'Failed to download the withdrawals'));
    }
  };
  return (
    <Tabs tabs={tabs} value={status} onChange={setStatus} label="Withdrawals by state" variant="pills">
      <div className="mb-3 flex justify-end">
        <Button size="sm" variant="secondary" onClick={() => void download()}>
          <Download aria-hidden className="h-4 w-4" /> Download CSV
        </Button>
      </div>
      {query.isPending ? (
        <Spinner label="Loading withdrawals..." />
      ) : query.isError ? (
        <Card>
          <LoadError what="Withdrawals" />
        </Card>
      ) : !rows.length ? (
        <Card>
          <EmptyState icon={Banknote} title={status === 'pending' ? 'Nothing to pay' : 'None yet'}>
            {status === 'pending'
              ? 'New withdrawal requests appear here, oldest first.'
              : 'Settled requests appear here.'}
          </EmptyState>
        </Card>
      ) : (
        <>
          <ul className="space-y-3">
            {rows.map((w) => (
              <li key={w._id}>
                <Card className="p-5">
                  <div className="flex flex-wrap items-center gap-3">
                    <div className="min-w-0 flex-1">
                      <p className="font-bold text-slate-900">
                        {pounds(w.amount)} to{' '}
                        <Link to={paths.adminMember(w.user._id)} className="text-brand-800 underline">
                          {w.user.username}
                        </Link>{' '}
                        <span className="font-normal break-all text-slate-600">({w.user.email})</span>
                      </p>
                      <p className="text-sm break-words text-slate-700">
                        <PayTo w={w} />
                      </p>
                      <p className="text-xs text-slate-600">
                        Requested {ukDateTime(w.requestedAt)}
                        {w.settledAt && ` · settled ${ukDateTime(w.settledAt)}`}
                      </p>
                    </div>
                    <RiskBadge score={w.risk.score} />
                    {w.status === 'pending' && (
                      <div className="flex gap-2">
                        <Button
                          size="sm"
                          onClick={() => act(w, 'paid')}
                          disabled={settle.isPending || w.held !== null}
                        >
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
                  </div>
                  {w.status === 'pending' && w.held && (
                    <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                      {w.held}: it cannot be paid until that is lifted.
                    </p>
                  )}
                  {w.status === 'pending' && w.risk.score > 0 && (
                    <details className="mt-2 text-sm">
                      <summary className="cursor-pointer font-semibold text-red-800">
                        Fraud signals to look at
                      </summary>
                      <div className="mt-2">
                        <RiskSignals signals={w.risk.signals} />
                      </div>
                    </details>
                  )}
                </Card>
              </li>
            ))}
          </ul>
          <LoadMore
            what="withdrawals"
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </Tabs>
  );
}
