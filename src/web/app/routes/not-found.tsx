import { SearchX } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Container } from '../../components/ui/page-header';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <Container className="max-w-2xl">
      <Card>
        <h1 className="sr-only">Page not found</h1>
        <EmptyState
          icon={SearchX}
          title="We couldn’t find that page"
          action={
            <div className="flex flex-wrap justify-center gap-3">
              <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
              <ButtonLink to={paths.prizes} variant="secondary">
                See the prizes
              </ButtonLink>
            </div>
          }
        >
          The link may be old, or the page may have moved.
        </EmptyState>
      </Card>
    </Container>
  );
}
