import { Download, ScrollText } from 'lucide-react';
import { useState } from 'react';
import type { LedgerRow } from '../../../../contract/members';
import { membersApi } from '../../../../contract/members-api';
import { roleCan } from '../../../../contract/staff';
import { Button } from '../../../components/ui/button';
import { ScrollCard } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { type Column, Table } from '../../../components/ui/table';
import { Tabs } from '../../../components/ui/tabs';
import { errorText } from '../../../lib/api-client';
import { count, pounds, ukDateTime } from '../../../lib/format';
import { ledgerReasonText } from '../../../lib/ledger-reasons';
import { rowsOf } from '../../../lib/paged';
import { downloadFile } from '../../../lib/save-file';
import { useSession } from '../../../lib/session/session';
import { toast } from '../../../lib/toast';
import { type LedgerAccount, useMemberLedger } from '../api/get-member-ledger';

const tabs = [
  { value: 'entries', label: 'Entries' },
  { value: 'cash', label: 'Cash' },
] as const;

/** A name as a file name takes it: letters, digits and dashes. */
const fileSafe = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase() || 'member';

/** Every change to one of the member's balances, newest first: why their balance is what it is. */
export function MemberLedger({ id, username }: { id: string; username: string }) {
  const { user: me } = useSession();
  const [account, setAccount] = useState<LedgerAccount>('entries');
  const query = useMemberLedger(id, account);
  const amount = (n: number) => (account === 'cash' ? pounds(Math.abs(n)) : count(Math.abs(n)));
  const columns: Column<LedgerRow>[] = [
    { header: 'When', td: 'text-slate-700 sm:whitespace-nowrap', cell: (r) => ukDateTime(r.at) },
    {
      header: 'Why',
      cell: (r) => (
        <>
          {ledgerReasonText(r.reason)}
          {r.reason === 'admin_adjustment' && r.reference && (
            <span className="block text-slate-600">{r.reference}</span>
          )}
          {r.task && <span className="block text-slate-600">{r.task}</span>}
        </>
      ),
    },
    {
      header: 'Change',
      align: 'right',
      td: (r) => `font-semibold whitespace-nowrap ${r.amount > 0 ? 'text-emerald-800' : 'text-red-800'}`,
      cell: (r) => `${r.amount > 0 ? '+' : '−'}${amount(r.amount)}`,
    },
    {
      header: 'Balance',
      align: 'right',
      td: 'whitespace-nowrap text-slate-700',
      cell: (r) => (account === 'cash' ? pounds(r.balance) : count(r.balance)),
    },
  ];
  const download = async () => {
    try {
      await downloadFile(
        membersApi.ledgerCsv,
        { params: { id }, query: { account } },
        // Named after the member, so a folder of downloads says whose is whose.
        `ledger-${fileSafe(username)}-${account}.csv`,
      );
    } catch (err) {
      toast.error(errorText(err, 'Failed to download the ledger'));
    }
  };
  return (
    <section aria-labelledby="ledger-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="ledger-heading" className="text-lg font-bold">
          Ledger
        </h2>
        {/* Support reads the ledger here but takes no copy of it (DESIGN §16); the server refuses anyway. */}
        {roleCan(me?.role, 'members_full') && (
          <Button size="sm" variant="secondary" onClick={() => void download()}>
            <Download aria-hidden className="h-4 w-4" /> Download CSV
          </Button>
        )}
      </div>
      <Tabs tabs={tabs} value={account} onChange={setAccount} label="Ledger account" variant="pills">
        <PagedList
          query={query}
          rows={rowsOf(query.data, 'entries')}
          loading="Loading the ledger..."
          failed="The ledger"
          more="ledger rows"
          empty={
            <EmptyState icon={ScrollText} title="Nothing yet">
              No changes to this balance.
            </EmptyState>
          }
        >
          {(rows) => (
            <ScrollCard label={`${account === 'cash' ? 'Cash' : 'Entries'} ledger`}>
              <Table rows={rows} rowKey={(r) => r._id} columns={columns} look={{ td: 'px-4 py-2.5' }} />
            </ScrollCard>
          )}
        </PagedList>
      </Tabs>
    </section>
  );
}
