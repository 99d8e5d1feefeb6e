import { Trophy } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { paths } from '../../../config/paths';
import { ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { useAllWinners } from '../api/get-all-winners';
import { WinnerRow } from './winner-row';

/** Every winner so far, newest first, each linking to its draw's proof. */
export function WinnersList() {
  const query = useAllWinners();
  return (
    <Card>
      <PagedList
        query={query}
        rows={rowsOf(query.data, 'winners')}
        loading="Loading winners..."
        failed="The winners"
        more="winners"
        empty={
          <EmptyState
            icon={Trophy}
            title="No winners yet"
            action={<ButtonLink to={paths.prizes}>Enter a prize draw</ButtonLink>}
          >
            Be the first winner! Complete tasks and enter prize draws now.
          </EmptyState>
        }
        foot="px-5 pb-5"
      >
        {(winners) => (
          <ul className="divide-y divide-slate-100">
            {winners.map((w, i) => (
              <WinnerRow
                // biome-ignore lint/suspicious/noArrayIndexKey: masked names repeat; the list is replaced whole.
                key={i}
                name={w.name}
                prize={w.prize}
                value={w.prizeValue}
                when={ukDateTime(w.date)}
                prizeId={w.prizeId}
              />
            ))}
          </ul>
        )}
      </PagedList>
    </Card>
  );
}
