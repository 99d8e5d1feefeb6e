import { Activity } from 'lucide-react';
import type { Dashboard } from '../../../../contract/users';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { relativeTime } from '../../../lib/format';

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
        Tasks you complete will show here.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((a) => (
        <li key={`${a.task.title}-${a.completedAt}`} className="flex items-center gap-3 px-5 py-3">
          <p className="min-w-0 flex-1 truncate text-sm text-slate-900">{a.task.title}</p>
          <span className="text-xs text-slate-600">{relativeTime(a.completedAt)}</span>
          <span className="text-sm font-bold text-emerald-700">+{a.entriesAwarded}</span>
        </li>
      ))}
    </ul>
  );
}
