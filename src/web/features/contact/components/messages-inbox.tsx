import { Inbox } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { ukDateTime } from '../../../lib/format';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useContactMessages } from '../api/get-contact-messages';
import { useMarkMessageHandled } from '../api/mark-message-handled';

/** The admin's Messages tab: what people sent through the contact form, newest first. */
export function MessagesInbox() {
  const { data, isPending, isError } = useContactMessages();
  const mark = useMarkMessageHandled();
  const setHandled = submitWithToast(mark.mutateAsync, {
    success: (message) => (message.handled ? 'Marked as handled' : 'Marked as not handled'),
    error: 'Failed to update the message',
  });

  if (isPending) return <Spinner label="Loading messages..." />;
  if (isError)
    return (
      <Card>
        <LoadError what="The messages" />
      </Card>
    );
  if (!data.length) {
    return (
      <Card>
        <EmptyState icon={Inbox} title="No messages yet">
          Messages sent through the contact form appear here.
        </EmptyState>
      </Card>
    );
  }
  const open = data.filter((m) => !m.handled).length;
  return (
    <section>
      <p className="mb-3 text-sm text-slate-600">
        {open === 0
          ? 'Every message has been handled.'
          : `${open} ${open === 1 ? 'message needs' : 'messages need'} a reply.`}
      </p>
      <ul className="space-y-3">
        {data.map((m) => (
          <li key={m._id}>
            <Card className={`p-5 ${m.handled ? 'bg-slate-50' : ''}`}>
              <div className="flex flex-wrap items-start gap-3">
                <div className="min-w-0 flex-1">
                  <h3 className="font-bold break-words text-slate-900">{m.subject}</h3>
                  <p className="text-sm break-all text-slate-600">
                    {m.name} ·{' '}
                    <a
                      className="text-brand-700 underline"
                      href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}
                    >
                      {m.email}
                    </a>{' '}
                    · {ukDateTime(m.createdAt)}
                  </p>
                </div>
                <span
                  className={`rounded-full px-2.5 py-1 text-xs font-bold ${m.handled ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}
                >
                  {m.handled ? 'Handled' : 'New'}
                </span>
              </div>
              <p className="mt-3 whitespace-pre-line break-words text-sm text-slate-800">{m.message}</p>
              <Button
                size="sm"
                variant="secondary"
                className="mt-3"
                disabled={mark.isPending}
                onClick={() => setHandled({ id: m._id, handled: !m.handled })}
              >
                {m.handled ? 'Mark as not handled' : 'Mark handled'}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
