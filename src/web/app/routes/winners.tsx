import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Container, PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';

export function WinnersPage() {
  return (
    <>
      <PageHeader
        title="Winners"
        subtitle="Every winner is drawn at random, in proportion to their entries, and every draw can be checked."
      />
      <Container>
        <Card>
          <EmptyState
            icon={Trophy}
            title="No winners yet"
            action={<ButtonLink to={paths.prizes}>Enter a prize draw</ButtonLink>}
          >
            Be the first winner! Complete tasks and enter prize draws now.
          </EmptyState>
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
