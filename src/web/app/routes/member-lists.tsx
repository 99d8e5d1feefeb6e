import { Trophy } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Container, PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { useMyEntries } from '../../features/entries/api/get-my-entries';
import { EntryList } from '../../features/entries/components/entry-list';

/** The signed-in user's prize entries: /my-entries and /entries. */
export function MyEntriesPage() {
  const { data, isPending } = useMyEntries();
  return (
    <>
      <PageHeader
        title="My Entries"
        subtitle="Every prize draw you have entered, and how many entries you hold in each."
      />
      <Container>
        <Card>
          <EntryList entries={data} isPending={isPending} />
        </Card>
      </Container>
    </>
  );
}

export function MyWinsPage() {
  return (
    <>
      <PageHeader title="My Wins" subtitle="Prizes you have won, and whether you have claimed them." />
      <Container>
        <Card>
          <EmptyState
            icon={Trophy}
            title="No wins yet"
            action={<ButtonLink to={paths.prizes}>Enter a prize draw</ButtonLink>}
          >
            When you win, your prize shows here so you can claim it.
          </EmptyState>
        </Card>
      </Container>
    </>
  );
}
