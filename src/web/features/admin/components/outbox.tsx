import { Mail } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { useOutbox } from '../api/get-outbox';

const STATUS = { pending: 'Waiting to send', sent: 'Sent', failed: 'Failed' };

/** Outgoing email, newest first; without SMTP_URL this is where it stays. */
export function Outbox() {
  const query = useOutbox();
  return (
    <Card className="lg:col-span-2">
      <h2 className="px-6 pt-6 text-lg font-bold">Outgoing email</h2>
      <PagedList
        query={query}
        rows={rowsOf(query.data, 'mails')}
        loading="Loading email..."
        failed="Outgoing email"
        more="emails"
        empty={
          <EmptyState icon={Mail} title="No email yet">
            Winner notices and test emails will appear here.
          </EmptyState>
        }
        around={(list) => <div className="pb-6">{list}</div>}
      >
        {(mails) => (
          <ul className="mt-3 divide-y divide-slate-100">
            {mails.map((m) => (
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
      </PagedList>
    </Card>
  );
}
