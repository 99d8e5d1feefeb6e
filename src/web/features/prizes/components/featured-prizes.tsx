import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { entriesLabel, pounds } from '../../../lib/format';
import { usePrizes } from '../api/get-prizes';
import { PrizeImage } from './prize-image';

const HOME_FEATURED_MAX = 3;

export const FeaturedPrizesLoading = () => <Spinner label="Loading prizes..." />;

export function FeaturedPrizes() {
  const { data, isPending, isError } = usePrizes();
  if (isPending) return <FeaturedPrizesLoading />;
  if (isError)
    return (
      <Card>
        <LoadError what="The prizes" />
      </Card>
    );
  const featured = (data ?? []).filter((p) => p.featured).slice(0, HOME_FEATURED_MAX);
  if (featured.length === 0) {
    return (
      <Card>
        <EmptyState icon={Gift} title="No prizes available">
          Check back soon for new prizes!
        </EmptyState>
      </Card>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {featured.map((prize) => (
        <li key={prize._id}>
          <Link to={paths.prize(prize._id)} className="group block h-full rounded-2xl">
            <Card className="h-full overflow-hidden transition-shadow group-hover:shadow-md">
              <PrizeImage prize={prize} className="h-32 w-full" />
              <div className="p-4">
                <h3 className="font-bold text-slate-900 group-hover:text-brand-800">{prize.title}</h3>
                <p className="mt-1 text-lg font-extrabold text-brand-800">{pounds(prize.value)}</p>
                <p className="text-sm text-slate-600">{entriesLabel(prize.totalEntries)}</p>
              </div>
            </Card>
          </Link>
        </li>
      ))}
    </ul>
  );
}
