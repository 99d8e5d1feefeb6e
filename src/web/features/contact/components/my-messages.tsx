import { MessageSquare } from 'lucide-react';
import type { MyMessage } from '../../../../contract/contact';
import { COMPLAINT_REPLY_WORKING_DAYS, type TicketStatus } from '../../../../contract/operator-rules';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { paths } from '../../../config/paths';
import { ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { useMyMessages } from '../api/get-my-messages';

const STATUS: Record<TicketStatus, { text: string; style: string }> = {
  open: { text: 'Waiting for our reply', style: 'bg-amber-50 text-amber-900' },
  answered: { text: 'Answered', style: 'bg-sky-50 text-sky-900' },
  closed: { text: 'Closed', style: 'bg-emerald-50 text-emerald-800' },
};

function Message({ m }: { m: MyMessage }) {
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="font-bold break-words text-slate-900">{m.subject}</h2>
          <p className="text-sm text-slate-600">Sent {ukDateTime(m.createdAt)}</p>
        </div>
        <span className={`rounded-full px-2.5 py-1 text-xs font-bold ${STATUS[m.status].style}`}>
          {STATUS[m.status].text}
        </span>
      </div>
      <p className="mt-3 whitespace-pre-line break-words text-sm text-slate-800">{m.message}</p>
      {m.replies.length > 0 && (
        <ol className="mt-4 space-y-3 border-l-2 border-brand-200 pl-4" aria-label="Our replies">
          {m.replies.map((r) => (
            <li key={r._id} className="text-sm">
              <p className="text-xs font-medium text-slate-600">PrizeDraw replied {ukDateTime(r.at)}</p>
              <p className="whitespace-pre-line break-words text-slate-800">{r.body}</p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** The member's messages to us and our answers, newest first. */
export function MyMessages() {
  const query = useMyMessages();
  const verified = query.data?.pages[0]?.verified;
  return (
    <PagedList
      query={query}
      rows={rowsOf(query.data, 'messages')}
      loading="Loading your messages..."
      failed="Your messages"
      more="messages"
      boxed
      empty={
        <EmptyState
          icon={MessageSquare}
          title="No messages yet"
          action={
            <ButtonLink to={paths.contact} variant="secondary">
              Contact us
            </ButtonLink>
          }
        >
          {`Messages you send us through the contact page while signed in appear here with our replies. We reply within ${COMPLAINT_REPLY_WORKING_DAYS} working days.`}
          {verified === false &&
            ' Ones sent from your address while signed out appear once your address is verified.'}
        </EmptyState>
      }
    >
      {(messages) => (
        <ul className="space-y-3">
          {messages.map((m) => (
            <li key={m._id}>
              <Message m={m} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
