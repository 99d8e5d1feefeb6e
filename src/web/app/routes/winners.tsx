import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Container, PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAllWinners } from '../../features/prizes/api/get-winners';
import { pounds, ukDateTime } from '../../lib/format';

export function WinnersPage() {
  const { data, isPending } = useAllWinners();
  return (
    <>
      <PageHeader
        title="Winners"
        subtitle="Every winner is drawn at random, in proportion to their entries, and every draw can be checked."
      />
      <Container>
        <Card>
          {isPending ? (
            <Spinner label="Loading winners..." />
          ) : !data?.length ? (
            <EmptyState
              icon={Trophy}
              title="No winners yet"
              action={<ButtonLink to={paths.prizes}>Enter a prize draw</ButtonLink>}
            >
              Be the first winner! Complete tasks and enter prize draws now.
            </EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100">
              {data.map((w, i) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: masked names repeat; the list is replaced whole.
                  key={i}
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-4"
                >
                  <Trophy aria-hidden className="h-5 w-5 text-gold-500" />
                  <p className="min-w-0 flex-1">
                    <span className="font-semibold">{w.name}</span> won{' '}
                    <span className="font-semibold">{w.prize}</span>
                    <span className="block text-sm text-slate-600">{ukDateTime(w.date)}</span>
                  </p>
                  <span className="font-bold text-emerald-700">{pounds(w.prizeValue)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <p className="mt-6 text-center text-sm text-slate-600">
          Names are shortened to protect winners’ privacy. See the{' '}
          <Link to={paths.contestRules} className="font-medium text-brand-700 underline">
            Contest Rules
          </Link>{' '}
          for how draws work.
        </p>
      </Container>
    </>
  );
}
