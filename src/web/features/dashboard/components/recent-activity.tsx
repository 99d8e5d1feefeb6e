import { Activity } from 'lucide-react';
import type { Dashboard } from '../../../../contract/users';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { count, pounds, relativeTime } from '../../../lib/format';

export function RecentActivity({
  items,
  isPending,
  isError = false,
}: {
  items?: Dashboard['recentActivity'];
  isPending: boolean;
  isError?: boolean;
}) {
  if (isPending) return <Spinner label="Loading activity..." />;
  if (isError) return <LoadError what="Your recent activity" />;
  if (!items?.length) {
    return (
      <EmptyState icon={Activity} title="No activity yet">
        Entries and cash you earn or spend will show here.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" aria-label="Recent activity">
      {items.map((a) => {
        const amount = a.account === 'cash' ? a.cash : a.entriesAwarded;
        const shown = a.account === 'cash' ? pounds(Math.abs(amount)) : count(Math.abs(amount));
        return (
          <li key={a._id} className="flex items-center gap-3 px-5 py-3">
            <p className="min-w-0 flex-1 text-sm break-words text-slate-900">{a.task.title}</p>
            <span className="text-xs text-slate-600">{relativeTime(a.completedAt)}</span>
            <span className={`text-sm font-bold ${amount < 0 ? 'text-red-700' : 'text-emerald-700'}`}>
              {amount < 0 ? '−' : '+'}
              {shown}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
