import { Wallet } from 'lucide-react';
import { WITHDRAWAL_METHOD_LABELS } from '../../../../contract/gamification-rules';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { pounds, ukDateTime } from '../../../lib/format';
import { ledgerReasonText } from '../../../lib/ledger-reasons';
import { rowsOf } from '../../../lib/paged';
import { useCashHistory, useMyWithdrawals } from '../api/get-cash-lists';
import { PayoutTimeline } from './payout-timeline';

/** The member's payouts, newest first, a page at a time; nothing at all until they ask for one. */
export function MyWithdrawals() {
  const query = useMyWithdrawals();
  return (
    <PagedList
      query={query}
      rows={rowsOf(query.data, 'withdrawals')}
      failed="Your withdrawals"
      more="withdrawals"
      around={(list) => (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Your withdrawals</h3>
          {list}
        </div>
      )}
    >
      {(rows) => (
        <ul className="divide-y divide-slate-100 text-sm">
          {rows.map((w) => (
            <li key={w._id} className="py-2">
              <PayoutTimeline withdrawal={w}>
                {w.prizeId ? 'Cash prize: ' : ''}
                {pounds(w.amount)} by {WITHDRAWAL_METHOD_LABELS[w.method]} · {ukDateTime(w.requestedAt)}
              </PayoutTimeline>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

/** Every change to the cash balance, newest first, a page at a time. */
export function CashHistory() {
  const query = useCashHistory();
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">History</h3>
      <PagedList
        query={query}
        rows={rowsOf(query.data, 'entries')}
        loading="Loading your cash history..."
        failed="Your cash history"
        more="cash history"
        empty={
          <EmptyState icon={Wallet} title="No cash yet">
            Win cash on the wheel, or finish in the weekly top 10.
          </EmptyState>
        }
      >
        {(rows) => (
          <ul className="divide-y divide-slate-100 text-sm">
            {rows.map((h) => (
              <li key={h._id} className="flex items-center justify-between gap-3 py-2">
                <span>
                  {ledgerReasonText(h.reason)} · {ukDateTime(h.at)}
                </span>
                <span className={`font-bold ${h.amount > 0 ? 'text-emerald-700' : 'text-slate-700'}`}>
                  {h.amount > 0 ? '+' : '−'}
                  {pounds(Math.abs(h.amount))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
