import { Gift } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Container } from '../../components/ui/page-header';
import { paths } from '../../config/paths';

export function PrizeDetailPage() {
  return (
    <Container className="max-w-3xl">
      <Card>
        <h1 className="sr-only">Prize details</h1>
        <EmptyState
          icon={Gift}
          title="This prize isn’t open for entries"
          action={<ButtonLink to={paths.prizes}>Browse all prizes</ButtonLink>}
        >
          Prize details will show here once the prize is open for entries.
        </EmptyState>
      </Card>
    </Container>
  );
}
