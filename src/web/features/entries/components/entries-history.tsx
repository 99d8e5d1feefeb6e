import { ScrollText } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { count, ukDateTime, ukLongDate } from '../../../lib/format';
import { ledgerReasonText } from '../../../lib/ledger-reasons';
import { rowsOf } from '../../../lib/paged';
import { useMyHistory } from '../api/get-my-history';

/** Every change to the member's entries, newest first: why their balance is what it is. */
export function EntriesHistory() {
  const query = useMyHistory();
  return (
    <PagedList
      query={query}
      rows={rowsOf(query.data, 'entries')}
      loading="Loading your history..."
      failed="Your history"
      more="history"
      empty={
        <EmptyState icon={ScrollText} title="Nothing yet">
          Entries you earn and spend will be listed here.
        </EmptyState>
      }
      around={(list) => <div className="p-5">{list}</div>}
    >
      {(rows) => (
        <ul className="divide-y divide-slate-100 text-sm">
          {rows.map((r) => (
            <li key={r._id} className="flex items-start justify-between gap-3 py-2.5">
              <span className="min-w-0">
                <span className="block text-slate-900">{ledgerReasonText(r.reason)}</span>
                {r.note && <span className="block break-words text-slate-600">{r.note}</span>}
                {r.reversibleUntil && (
                  <span className="block text-xs font-medium text-amber-800">
                    Pending: the offer’s provider may still reverse it until {ukLongDate(r.reversibleUntil)}
                  </span>
                )}
                <span className="block text-xs text-slate-600">{ukDateTime(r.at)}</span>
              </span>
              <span
                className={`font-bold whitespace-nowrap ${r.amount > 0 ? 'text-emerald-700' : 'text-slate-700'}`}
              >
                {r.amount > 0 ? '+' : '−'}
                {count(Math.abs(r.amount))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
