import { ListChecks } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Task } from '../../../contract/tasks';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadError } from '../../components/ui/load-error';
import { Container, PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import { OfferWall } from '../../features/offers/components/offer-wall';
import { useTasks } from '../../features/tasks/api/get-tasks';
import { TaskCard } from '../../features/tasks/components/task-card';
import { VideoAdModal } from '../../features/tasks/components/video-ad-modal';
import { count } from '../../lib/format';
import { useSession } from '../../lib/session/session';
import { toast } from '../../lib/toast';

const tabs = [
  { value: 'quick', label: 'Quick Tasks' },
  { value: 'offers', label: 'Offer Wall' },
] as const;

export function TasksPage() {
  const { user } = useSession();
  const [tab, setTab] = useState<(typeof tabs)[number]['value']>('quick');
  const [watching, setWatching] = useState<Task | null>(null);
  const tasks = useTasks();

  useEffect(() => {
    if (tasks.isError) toast.error('Failed to load tasks');
  }, [tasks.isError]);

  return (
    <>
      <PageHeader
        title="Earn entries"
        subtitle="Complete tasks to earn free entries, then spend them on prize draws."
      >
        <dl className="mt-6 grid max-w-md grid-cols-2 gap-3">
          <div className="rounded-xl bg-white/10 p-4">
            <dt className="text-sm text-brand-100">Available entries</dt>
            <dd className="text-2xl font-extrabold">{user && count(user.availableEntries)}</dd>
          </div>
          <div className="rounded-xl bg-white/10 p-4">
            <dt className="text-sm text-brand-100">Total entries earned</dt>
            <dd className="text-2xl font-extrabold">{user && count(user.totalEntries)}</dd>
          </div>
        </dl>
      </PageHeader>
      <Container>
        <Tabs tabs={tabs} value={tab} onChange={setTab} label="Ways to earn">
          {tab === 'quick' ? (
            tasks.isPending ? (
              <Spinner label="Loading tasks..." />
            ) : tasks.isError && !tasks.data ? (
              <Card>
                <LoadError what="The tasks" />
              </Card>
            ) : !tasks.data?.length ? (
              <Card>
                <EmptyState icon={ListChecks} title="No tasks to show yet">
                  New ways to earn entries will appear here.
                </EmptyState>
              </Card>
            ) : (
              <>
                {/* Each task's title is an h3: this names the list they sit under, so headings keep their order. */}
                <h2 className="sr-only">Quick tasks</h2>
                <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
                  {tasks.data.map((task) => (
                    <li key={task._id}>
                      <TaskCard task={task} onWatch={setWatching} />
                    </li>
                  ))}
                </ul>
              </>
            )
          ) : (
            <OfferWall />
          )}
        </Tabs>
      </Container>
      {watching && <VideoAdModal task={watching} onClose={() => setWatching(null)} />}
    </>
  );
}
