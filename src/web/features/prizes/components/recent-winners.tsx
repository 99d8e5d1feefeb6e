import { Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { RECENT_WINNERS_REFRESH_MS } from '../../../../contract/constants';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { relativeTime } from '../../../lib/format';
import { useRecentWinners } from '../api/get-recent-winners';
import { WinnerRow } from './winner-row';

const loading = (
  <p role="status" className="px-6 py-12 text-center text-slate-600">
    Loading recent winners...
  </p>
);

export const RecentWinnersLoading = () => <Card>{loading}</Card>;

/** Home's live feed of the latest winners, refreshed every 30 seconds. */
export function RecentWinners() {
  const { data, isPending, isError } = useRecentWinners();
  // Relative times move on even when the list itself has not changed.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), RECENT_WINNERS_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Card>
      {isPending ? (
        loading
      ) : isError && !data ? (
        <LoadError what="The recent winners" />
      ) : !data?.length ? (
        <EmptyState icon={Trophy} title="No winners yet">
          Be the first winner! Complete tasks and enter prize draws now.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.map((w, i) => (
            <WinnerRow
              // Masked names repeat and one draw's winners share a time: the position is what is unique.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on every refresh.
              key={i}
              name={w.username}
              prize={w.prizeTitle}
              value={w.prizeValue}
              when={relativeTime(w.wonAt, now)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
