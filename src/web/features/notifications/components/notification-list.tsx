import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PagedList } from '../../../components/ui/paged-list';
import { count } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { NoNotifications, NotificationItems } from './notification-items';

/** Every notification of the member's, newest first, a page at a time. */
export function NotificationList() {
  const query = useNotifications();
  const markRead = useMarkRead();
  const rows = rowsOf(query.data, 'notifications');
  const unread = query.data?.pages[0]?.unread ?? 0;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" role="status">
          {unread ? `${count(unread)} unread` : 'All read'}
        </p>
        {unread > 0 && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => markRead.mutate({ all: true })}
            disabled={markRead.isPending}
          >
            Mark all read
          </Button>
        )}
      </div>
      <PagedList
        query={query}
        rows={rows}
        loading="Loading notifications..."
        failed="Your notifications"
        more="notifications"
        empty={<NoNotifications />}
        boxed
      >
        {(shown) => (
          <Card className="overflow-hidden">
            <NotificationItems notifications={shown} />
          </Card>
        )}
      </PagedList>
    </>
  );
}
