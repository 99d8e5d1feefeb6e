import { Container, PageHeader } from '../../components/ui/page-header';
import { NotificationList } from '../../features/notifications/components/notification-list';

export function NotificationsPage() {
  return (
    <>
      <PageHeader title="Notifications" subtitle="Wins, credits, draws and reminders, newest first." />
      <Container className="max-w-3xl">
        <NotificationList />
      </Container>
    </>
  );
}
