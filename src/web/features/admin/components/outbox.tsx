import { Mail } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { useOutbox } from '../api/get-outbox';

const STATUS = { pending: 'Waiting to send', sent: 'Sent', failed: 'Failed' };

/** Outgoing email, newest first; without SMTP_URL this is where it stays. */
export function Outbox() {
  const query = useOutbox();
  const { isPending, isError } = query;
  const data = rowsOf(query.data, 'mails');
  return (
    <Card className="lg:col-span-2">
      <h2 className="px-6 pt-6 text-lg font-bold">Outgoing email</h2>
      {isPending ? (
        <Spinner label="Loading email..." />
      ) : isError ? (
        <LoadError what="Outgoing email" />
      ) : !data?.length ? (
        <EmptyState icon={Mail} title="No email yet">
          Winner notices and test emails will appear here.
        </EmptyState>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {data.map((m) => (
            <li key={m._id} className="px-6 py-3">
              <details>
                <summary className="cursor-pointer text-sm">
                  <span className="font-semibold text-slate-900">{m.subject}</span> to {m.to} ·{' '}
                  {STATUS[m.status]} · {ukDateTime(m.createdAt)}
                </summary>
                <pre className="mt-2 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 font-sans text-sm text-slate-700">
                  {m.text}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      )}
      <div className="px-6 pb-6">
        <LoadMore
          what="emails"
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
        />
      </div>
    </Card>
  );
}
