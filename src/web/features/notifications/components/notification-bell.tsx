import { Bell } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { rowsOf } from '../../../lib/paged';
import { useDismiss } from '../../../lib/use-dismiss';
import { useNotifications, useUnreadCount } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { useLiveEvents } from '../live-events';
import { NoNotifications, NotificationItems } from './notification-items';

/** How many the panel shows; the page has them all. */
const IN_PANEL = 6;

function Panel({ onClose }: { onClose(): void }) {
  const query = useNotifications();
  const markRead = useMarkRead();
  const rows = rowsOf(query.data, 'notifications').slice(0, IN_PANEL);
  const unread = query.data?.pages[0]?.unread ?? 0;
  return (
    <section
      id="notification-panel"
      aria-labelledby="notification-panel-heading"
      className="fixed inset-x-2 top-16 z-40 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 id="notification-panel-heading" className="font-bold text-slate-900">
          Notifications
        </h2>
        {unread > 0 && (
          <button
            type="button"
            className="rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            onClick={() => markRead.mutate({ all: true })}
          >
            Mark all read
          </button>
        )}
      </div>
      {query.isPending ? (
        <Spinner label="Loading notifications..." />
      ) : query.isError ? (
        <LoadError what="Your notifications" />
      ) : rows.length ? (
        <NotificationItems notifications={rows} onFollow={onClose} />
      ) : (
        <NoNotifications />
      )}
      <Link
        to={paths.notifications}
        onClick={onClose}
        className="block border-t border-slate-100 px-4 py-3 text-center text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        See all notifications
      </Link>
    </section>
  );
}

/**
 * The navbar's bell (DESIGN §9): the unread count, kept live with the balance
 * by the member's event stream, and a panel of the latest notifications.
 */
export function NotificationBell() {
  useLiveEvents();
  const { data: unread = 0 } = useUnreadCount();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useDismiss(open, close, box, button);

  return (
    <div className="sm:relative" ref={box}>
      <button
        ref={button}
        type="button"
        className="relative rounded-lg p-2 text-slate-800 hover:bg-slate-100"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={open ? 'notification-panel' : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid="notification-bell"
      >
        <Bell aria-hidden className="h-6 w-6" />
        {unread > 0 && (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && <Panel onClose={() => setOpen(false)} />}
    </div>
  );
}
