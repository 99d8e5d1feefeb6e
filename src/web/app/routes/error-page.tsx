import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Container } from '../../components/ui/page-header';
import { paths } from '../../config/paths';

/** What a visitor sees if a page fails to draw: a way back, not a stack trace. */
export function ErrorPage({ error }: { error: unknown }) {
  useEffect(() => console.error('Page failed', error), [error]);
  return (
    <Container className="max-w-2xl">
      <Card>
        <h1 className="sr-only">Something went wrong</h1>
        <EmptyState
          icon={TriangleAlert}
          title="Something went wrong on this page"
          action={
            <div className="flex flex-wrap justify-center gap-3">
              <Button onClick={() => window.location.reload()}>Reload the page</Button>
              <ButtonLink to={paths.home} variant="secondary" reloadDocument>
                Go to the home page
              </ButtonLink>
            </div>
          }
        >
          Your entries and balance are safe. Reload to try again; if it keeps happening, please tell us
          through the contact page.
        </EmptyState>
      </Card>
    </Container>
  );
}
