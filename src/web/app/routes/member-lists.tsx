import { CLAIM_DAYS } from '../../../contract/constants';
import { Card, SectionCard } from '../../components/ui/card';
import { Container, PageHeader } from '../../components/ui/page-header';
import { PagedList } from '../../components/ui/paged-list';
import { useMyEntries } from '../../features/entries/api/get-my-entries';
import { EntriesHistory } from '../../features/entries/components/entries-history';
import { EntryRows, NoEntries } from '../../features/entries/components/entry-list';
import { ReceiptsCheck } from '../../features/transparency/components/receipts-check';
import { useMyWins } from '../../features/wins/api/get-my-wins';
import { WinList } from '../../features/wins/components/win-list';
import { rowsOf } from '../../lib/paged';

/** The signed-in user's prize entries: /my-entries and /entries. */
export function MyEntriesPage() {
  const entries = useMyEntries();
  return (
    <>
      <PageHeader
        title="My Entries"
        subtitle="Every prize draw you have entered, and how many entries you hold in each."
      />
      <Container className="space-y-8">
        <Card>
          <PagedList
            query={entries}
            rows={rowsOf(entries.data, 'entries')}
            loading="Loading your entries..."
            failed="Your entries"
            more="entries"
            empty={<NoEntries />}
            foot="px-5 pb-5"
          >
            {(rows) => (
              <>
                <ReceiptsCheck entries={rows} />
                <EntryRows entries={rows} />
              </>
            )}
          </PagedList>
        </Card>
        <SectionCard title="Entries history">
          <EntriesHistory />
        </SectionCard>
      </Container>
    </>
  );
}

export function MyWinsPage() {
  const { data, isPending, isError } = useMyWins();
  return (
    <>
      <PageHeader
        title="My Wins"
        subtitle={`Prizes you have won. Claim each within ${CLAIM_DAYS} days of the draw: tell us where to send it, or for cash, how to pay you.`}
      />
      <Container>
        <Card>
          <WinList wins={data} isPending={isPending} isError={isError} claimable />
        </Card>
      </Container>
    </>
  );
}
