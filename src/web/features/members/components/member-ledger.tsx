import { Download, ScrollText } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { membersApi } from '../../../../contract/members-api';
import { roleCan } from '../../../../contract/staff';
import { Button } from '../../../components/ui/button';
import { ScrollCard } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { errorText } from '../../../lib/api-client';
import { count, pounds, ukDateTime } from '../../../lib/format';
import { ledgerReasonText } from '../../../lib/ledger-reasons';
import { rowsOf } from '../../../lib/paged';
import { downloadFile } from '../../../lib/save-file';
import { useSession } from '../../../lib/session/session';
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
  const rows = rowsOf(query.data, 'entries');
  const amount = (n: number) => (account === 'cash' ? pounds(Math.abs(n)) : count(Math.abs(n)));
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
        {query.isPending ? (
          <Spinner label="Loading the ledger..." />
        ) : query.isError ? (
          <LoadError what="The ledger" />
        ) : !rows.length ? (
          <EmptyState icon={ScrollText} title="Nothing yet">
            No changes to this balance.
          </EmptyState>
        ) : (
          <>
            <ScrollCard label={`${account === 'cash' ? 'Cash' : 'Entries'} ledger`}>
              <table className="w-full text-left text-sm">
                <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      When
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Why
                    </th>
                    <th scope="col" className="px-4 py-3 text-right font-semibold">
                      Change
                    </th>
                    <th scope="col" className="px-4 py-3 text-right font-semibold">
                      Balance
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rows.map((r) => (
                    <tr key={r._id}>
                      <td className="px-4 py-2.5 text-slate-700 sm:whitespace-nowrap">{ukDateTime(r.at)}</td>
                      <td className="px-4 py-2.5">
                        {ledgerReasonText(r.reason)}
                        {r.reason === 'admin_adjustment' && r.reference && (
                          <span className="block text-slate-600">{r.reference}</span>
                        )}
                        {r.task && <span className="block text-slate-600">{r.task}</span>}
                      </td>
                      <td
                        className={`px-4 py-2.5 text-right font-semibold whitespace-nowrap ${r.amount > 0 ? 'text-emerald-800' : 'text-red-800'}`}
                      >
                        {r.amount > 0 ? '+' : '−'}
                        {amount(r.amount)}
                      </td>
                      <td className="px-4 py-2.5 text-right whitespace-nowrap text-slate-700">
                        {account === 'cash' ? pounds(r.balance) : count(r.balance)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollCard>
            <LoadMore
              what="ledger rows"
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onMore={() => void query.fetchNextPage()}
            />
          </>
        )}
      </Tabs>
    </section>
  );
}
