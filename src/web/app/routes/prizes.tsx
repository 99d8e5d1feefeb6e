import { Gift } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { Container, PageHeader } from '../../components/ui/page-header';
import { usePrizes } from '../../features/prizes/api/get-prizes';
import { PrizeCard } from '../../features/prizes/components/prize-card';
import { OFFERED_PRIZE_TYPES } from '../../lib/prize-labels';

const FILTER_LABELS: Record<(typeof OFFERED_PRIZE_TYPES)[number], string> = {
  physical: 'Physical Items',
  giftcard: 'Gift Cards',
  cash: 'Cash',
};
const filters = [
  { value: 'all', label: 'All Prizes' },
  ...OFFERED_PRIZE_TYPES.map((value) => ({ value, label: FILTER_LABELS[value] })),
] as const;

export function PrizesPage() {
  const [filter, setFilter] = useState<(typeof filters)[number]['value']>('all');
  const { data, isPending, isError } = usePrizes();
  const shown = (data ?? []).filter((p) => filter === 'all' || p.type === filter);

  return (
    <>
      <PageHeader title="Active Prizes" subtitle="Browse all available prizes and enter to win" />
      <Container>
        <fieldset className="mb-6 flex flex-wrap gap-2">
          <legend className="sr-only">Filter prizes by type</legend>
          {filters.map((f) => (
            <button
              key={f.value}
              type="button"
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
              className={`rounded-full px-4 py-2 text-sm font-semibold ${
                filter === f.value
                  ? 'bg-brand-700 text-white'
                  : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-100'
              }`}
            >
              {f.label}
            </button>
          ))}
        </fieldset>
        {/* The cards' titles are h3s, as on the home page: this keeps the outline in order. */}
        <h2 className="sr-only">Prize list</h2>
        {isPending ? (
          <p role="status" className="py-12 text-center text-slate-600">
            Loading prizes...
          </p>
        ) : isError ? (
          <Card>
            <LoadError what="The prizes" />
          </Card>
        ) : shown.length === 0 ? (
          <Card>
            <EmptyState icon={Gift} title="No prizes available">
              Check back soon for new prizes!
            </EmptyState>
          </Card>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((prize) => (
              <li key={prize._id}>
                <PrizeCard prize={prize} />
              </li>
            ))}
          </ul>
        )}
      </Container>
    </>
  );
}
