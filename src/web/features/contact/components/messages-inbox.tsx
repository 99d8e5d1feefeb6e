import { zodResolver } from '@hookform/resolvers/zod';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type ContactMessage, type ReplyBody, replyBody } from '../../../../contract/contact';
import { COMPLAINT_REPLY_WORKING_DAYS, type TicketStatus } from '../../../../contract/operator-rules';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextAreaField } from '../../../components/ui/field';
import { PagedList } from '../../../components/ui/paged-list';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { counted, ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useContactMessages } from '../api/get-contact-messages';
import { useReplyToMessage } from '../api/reply-to-message';
import { useSetTicketStatus } from '../api/set-ticket-status';

const tabs = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
] as const;
type Tab = (typeof tabs)[number]['value'];

const STATUS_STYLE: Record<TicketStatus, string> = {
  open: 'bg-amber-50 text-amber-900',
  answered: 'bg-sky-50 text-sky-900',
  closed: 'bg-emerald-50 text-emerald-800',
};
const STATUS_TEXT: Record<TicketStatus, string> = { open: 'Open', answered: 'Answered', closed: 'Closed' };

/** One ticket: the message, the answers sent so far, a reply box, and closing or reopening it. */
function Ticket({ m }: { m: ContactMessage }) {
  const send = useReplyToMessage();
  const { register, handleSubmit, formState, reset, watch } = useForm<ReplyBody>({
    resolver: zodResolver(replyBody),
    defaultValues: { message: '' },
  });
  const status = useSetTicketStatus();
  const submitReply = handleSubmit(
    submitWithToast(
      (body: ReplyBody) => send.mutateAsync({ id: m._id, ...body }),
      { success: 'Reply sent', error: 'Failed to send the reply' },
      () => reset(),
    ),
  );
  const setStatus = submitWithToast(status.mutateAsync, {
    success: (updated) => `Message marked ${updated.status}`,
    error: 'Failed to update the message',
  });
  return (
    <Card className={`p-5 ${m.status === 'closed' ? 'bg-slate-50' : ''}`}>
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="font-bold break-words text-slate-900">{m.subject}</h2>
          <p className="text-sm break-all text-slate-600">
            {m.name} · {m.email} · {ukDateTime(m.createdAt)}
          </p>
          {m.member && (
            <p className="text-sm">
              <Link to={paths.adminMember(m.member._id)} className="font-medium text-brand-800 underline">
                Member: {m.member.username}
              </Link>
            </p>
          )}
        </div>
        <span className={`rounded-full px-2.5 py-1 text-xs font-bold ${STATUS_STYLE[m.status]}`}>
          {STATUS_TEXT[m.status]}
        </span>
      </div>
      <p className="mt-3 whitespace-pre-line break-words text-sm text-slate-800">{m.message}</p>
      {m.replies.length > 0 && (
        <ol className="mt-4 space-y-2 border-l-2 border-brand-200 pl-4" aria-label="Replies sent">
          {m.replies.map((r) => (
            <li key={r._id} className="text-sm">
              <p className="text-xs text-slate-600">
                {r.admin.username} replied {ukDateTime(r.at)}
              </p>
              <p className="whitespace-pre-line break-words text-slate-800">{r.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="mt-4 space-y-2" onSubmit={submitReply} noValidate>
        <TextAreaField
          label={`Reply to ${m.name} by email`}
          rows={3}
          error={formState.errors.message?.message}
          {...register('message')}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={send.isPending || !watch('message').trim()}>
            Send reply
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={status.isPending}
            onClick={() => void setStatus({ id: m._id, status: m.status === 'closed' ? 'open' : 'closed' })}
          >
            {m.status === 'closed' ? 'Reopen' : 'Close'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The admin's Messages tab: contact messages as tickets, answered by email from here. */
export function MessagesInbox() {
  const [tab, setTab] = useState<Tab>('open');
  const query = useContactMessages(tab === 'all' ? undefined : tab);
  const open = query.data?.pages[0]?.open;
  return (
    <section>
      <p className="mb-3 text-sm text-slate-600">
        {open === undefined
          ? `We promise a reply within ${COMPLAINT_REPLY_WORKING_DAYS} working days.`
          : open === 0
            ? 'Every message has an answer.'
            : `${counted(open, 'message', 'messages')} waiting for an answer. We promise one within ${COMPLAINT_REPLY_WORKING_DAYS} working days.`}
      </p>
      <Tabs tabs={tabs} value={tab} onChange={setTab} label="Messages by status" variant="pills">
        <PagedList
          query={query}
          rows={rowsOf(query.data, 'messages')}
          loading="Loading messages..."
          failed="The messages"
          more="messages"
          boxed
          empty={
            <EmptyState icon={Inbox} title={tab === 'open' ? 'No open messages' : 'No messages here'}>
              Messages sent through the contact form appear here.
            </EmptyState>
          }
        >
          {(messages) => (
            <ul className="space-y-3">
              {messages.map((m) => (
                <li key={m._id}>
                  <Ticket m={m} />
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </Tabs>
    </section>
  );
}
