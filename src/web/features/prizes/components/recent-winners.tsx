import { Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { pounds, relativeTime } from '../../../lib/format';
import { useRecentWinners } from '../api/get-winners';

/** Home's live feed of the latest winners, refreshed every 30 seconds. */
export function RecentWinners() {
  const { data, isPending } = useRecentWinners();
  // Relative times move on even when the list itself has not changed.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Card>
      {isPending ? (
        <p role="status" className="px-6 py-12 text-center text-slate-600">
          Loading recent winners...
        </p>
      ) : !data?.length ? (
        <EmptyState icon={Trophy} title="No winners yet">
          Be the first winner! Complete tasks and enter prize draws now.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.map((w, i) => (
            <li
              // Masked names repeat and one draw's winners share a time: the position is what is unique.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on every refresh.
              key={i}
              className="flex items-center gap-3 px-5 py-4"
            >
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gold-400/20 text-brand-800">
                <Trophy aria-hidden className="h-4 w-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm text-slate-900">
                  <span className="font-semibold">{w.username}</span> won{' '}
                  <span className="font-semibold">{w.prizeTitle}</span>
                </p>
                <p className="text-xs text-slate-600">{relativeTime(w.wonAt, now)}</p>
              </div>
              <span className="text-sm font-bold text-emerald-700">{pounds(w.prizeValue)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
