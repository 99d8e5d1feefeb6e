import { Banknote, Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type AdminWithdrawal, cashExportsApi } from '../../../../contract/cash';
import { PAYOUT_PROVIDER_NAMES, paidHow, type WithdrawalStatus } from '../../../../contract/payouts';
import { RiskBadge, RiskSignals } from '../../../components/risk-signals';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { pounds } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { downloadFile } from '../../../lib/save-file';
import { toast } from '../../../lib/toast';
import { useAdminWithdrawals } from '../api/get-admin-withdrawals';
import { BulkPayout } from './bulk-payout';
import { PayoutTimeline } from './payout-timeline';
import { type Outcome, payTo, SettleConfirmation } from './settle-confirmation';

/** What needs someone first: requests to decide on, then payouts that did not reach their member. */
const tabs = [
  { value: 'pending', label: 'To pay' },
  { value: 'failed', label: 'Failed' },
  { value: 'unclaimed', label: 'Unclaimed' },
  { value: 'approved', label: 'Approved' },
  { value: 'submitted', label: 'Sent' },
  { value: 'paid', label: 'Paid' },
  { value: 'returned', label: 'Returned' },
  { value: 'reversed', label: 'Reversed' },
  { value: 'rejected', label: 'Rejected' },
] as const satisfies ReadonlyArray<{ value: WithdrawalStatus; label: string }>;

/**
 * The admin's Withdrawals tab, by state (DESIGN §17): send each request to its provider (PayPal, when set
 * up) or pay it by hand and mark it paid with the reference (one at a time, or several in a batch), reject
 * it, or cancel one not yet sent or unclaimed, which returns the money. Each shows its timeline.
 */
/** What staff may do with a payout where it stands, the usual first: the server checks each again. */
function actionsFor(w: AdminWithdrawal): Array<{ outcome: Outcome; label: string }> {
  if (w.status === 'pending')
    return [
      { outcome: 'send', label: 'Approve and send' },
      { outcome: 'paid', label: 'Mark paid' },
      { outcome: 'reject', label: 'Reject' },
    ];
  if (w.status === 'approved' && w.provider === 'manual')
    return [
      { outcome: 'paid', label: 'Mark paid' },
      { outcome: 'cancel', label: 'Cancel' },
    ];
  if (w.status === 'approved')
    return [
      { outcome: 'retry', label: 'Send now' },
      { outcome: 'cancel', label: 'Cancel' },
    ];
  if (w.status === 'unclaimed') return [{ outcome: 'cancel', label: 'Cancel' }];
  return [];
}

export function WithdrawalsManager() {
  const [status, setStatus] = useState<(typeof tabs)[number]['value']>('pending');
  const query = useAdminWithdrawals(status);
  const rows = rowsOf(query.data, 'withdrawals');
  const [confirming, setConfirming] = useState<{ id: string; outcome: Outcome }>();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const selected = rows.filter((w) => picked.has(w._id) && w.status === 'pending');
  const pick = (id: string, on: boolean) =>
    setPicked((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
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
      {status === 'pending' && <BulkPayout selected={selected} onDone={() => setPicked(new Set())} />}
      <PagedList
        query={query}
        rows={rows}
        loading="Loading withdrawals..."
        failed="Withdrawals"
        more="withdrawals"
        boxed
        empty={
          <EmptyState icon={Banknote} title={status === 'pending' ? 'Nothing to pay' : 'None yet'}>
            {status === 'pending'
              ? 'New withdrawal requests appear here, oldest first.'
              : 'Payouts in this state appear here.'}
          </EmptyState>
        }
      >
        {(shown) => (
          <ul className="space-y-3">
            {shown.map((w) => (
              <li key={w._id}>
                <Card className="p-5">
                  <div className="flex flex-wrap items-center gap-3">
                    {w.status === 'pending' && (
                      <input
                        type="checkbox"
                        aria-label={`Select ${pounds(w.amount)} to ${w.user.username}`}
                        className="h-5 w-5"
                        checked={picked.has(w._id)}
                        disabled={w.held !== null}
                        onChange={(e) => pick(w._id, e.target.checked)}
                      />
                    )}
                    <div className="min-w-[12rem] flex-1">
                      <PayoutTimeline withdrawal={w}>
                        <span className="font-bold text-slate-900">
                          {pounds(w.amount)} to{' '}
                          <Link to={paths.adminMember(w.user._id)} className="text-brand-800 underline">
                            {w.user.username}
                          </Link>{' '}
                          <span className="font-normal break-all text-slate-600">({w.user.email})</span>
                        </span>
                      </PayoutTimeline>
                      <p className="text-sm break-words text-slate-700">{payTo(w)}</p>
                      <p className="text-xs text-slate-600">
                        {w.provider &&
                          `${w.status === 'paid' ? 'Paid' : 'To be paid'} ${paidHow(w.provider)}`}
                        {w.providerRef &&
                          ` · ${PAYOUT_PROVIDER_NAMES[w.provider ?? 'manual']} reference ${w.providerRef}`}
                        {w.settledBy && ` · settled by ${w.settledBy.username}`}
                        {w.reference && ` · reference ${w.reference}`}
                      </p>
                    </div>
                    <RiskBadge score={w.risk.score} />
                    <div className="flex flex-wrap gap-2">
                      {actionsFor(w).map(({ outcome, label }, i) => (
                        <Button
                          key={outcome}
                          size="sm"
                          variant={
                            i === 0
                              ? 'primary'
                              : outcome === 'reject' || outcome === 'cancel'
                                ? 'ghost'
                                : 'secondary'
                          }
                          onClick={() => setConfirming({ id: w._id, outcome })}
                          disabled={w.held !== null && (outcome === 'paid' || outcome === 'send')}
                        >
                          {label}
                        </Button>
                      ))}
                    </div>
                  </div>
                  {confirming?.id === w._id && (
                    <SettleConfirmation
                      w={w}
                      outcome={confirming.outcome}
                      onDone={() => setConfirming(undefined)}
                    />
                  )}
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
        )}
      </PagedList>
    </Tabs>
  );
}
