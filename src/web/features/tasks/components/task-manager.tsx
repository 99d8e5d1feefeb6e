import { ListChecks, Plus } from 'lucide-react';
import { useState } from 'react';
import type { AdminTask } from '../../../../contract/tasks';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { rowsOf } from '../../../lib/paged';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useAdminTasks } from '../api/get-admin-tasks';
import { useUpdateTask } from '../api/update-task';
import { TaskForm } from './task-form';
import { TaskIcon } from './task-icon';

/** The admin's Tasks tab: every task, shown or hidden, with create, edit, show and hide. */
export function TaskManager() {
  const query = useAdminTasks();
  const update = useUpdateTask();
  const [editing, setEditing] = useState<AdminTask | 'new' | null>(null);

  const setShown = (task: AdminTask, active: boolean) =>
    submitWithToast(update.mutateAsync, {
      success: `${task.title} is ${active ? 'shown on' : 'hidden from'} the Tasks page`,
      error: 'Failed to save the task',
    })({ id: task._id, body: { active } });

  return (
    <section>
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-bold">Tasks</h2>
        {editing === null && (
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden className="h-4 w-4" /> New task
          </Button>
        )}
      </div>
      {editing !== null && (
        <Card className="mb-4 p-5">
          <TaskForm task={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        </Card>
      )}
      <PagedList
        query={query}
        rows={rowsOf(query.data, 'tasks')}
        loading="Loading tasks..."
        failed="The tasks"
        more="tasks"
        boxed
        empty={
          <EmptyState icon={ListChecks} title="No tasks yet">
            Create the first task so members can earn entries.
          </EmptyState>
        }
      >
        {(tasks) => (
          <Card>
            <ul className="divide-y divide-slate-100">
              {tasks.map((task) => (
                <li key={task._id} className="flex flex-wrap items-center gap-3 px-5 py-4">
                  <TaskIcon type={task.type} />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-slate-900">{task.title}</p>
                    <p className="text-sm text-slate-600">
                      +{task.entriesReward} entries
                      {task.isRepeatable &&
                        ` · repeatable${task.repeatInterval ? ` ${task.repeatInterval}` : ''}`}{' '}
                      · {task.active ? 'Shown' : 'Hidden'}
                    </p>
                  </div>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(task)}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setShown(task, !task.active)}>
                    {task.active ? 'Hide' : 'Show'}
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </PagedList>
    </section>
  );
}
