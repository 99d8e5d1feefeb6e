import { CheckCircle2, ExternalLink, Repeat } from 'lucide-react';
import { Link } from 'react-router';
import { isAdTask, REFERRAL_PAID_WHEN } from '../../../../contract/constants';
import type { Task } from '../../../../contract/tasks';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { ukDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCompleteTask } from '../api/complete-task';
import { TaskIcon } from './task-icon';

export function TaskCard({ task, onWatch }: { task: Task; onWatch(task: Task): void }) {
  const complete = useCompleteTask();

  async function submit() {
    if (isAdTask(task)) return onWatch(task);
    try {
      const result = await complete.mutateAsync({ id: task._id });
      toast.success(result.message);
    } catch (err) {
      toast.error(errorText(err, 'Failed to complete task'));
    }
  }

  // A referral pays when the friend acts, not when this card is pressed.
  const action =
    task.type === 'referral' ? null : task.completed && !task.isRepeatable ? 'Completed' : 'open';
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-3">
        <TaskIcon type={task.type} />
        <div className="min-w-0 flex-1">
          <h3 className="font-bold text-slate-900">{task.title}</h3>
          <p className="text-sm text-slate-600">{task.description}</p>
        </div>
        <span className="shrink-0 rounded-full bg-gold-400/25 px-2.5 py-1 text-sm font-bold text-brand-900">
          +{task.entriesReward}
        </span>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs font-semibold">
        {task.isRepeatable && (
          <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
            <Repeat aria-hidden className="h-3 w-3" /> Repeatable
          </span>
        )}
        {task.completed && (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-800">
            <CheckCircle2 aria-hidden className="h-3 w-3" /> Completed
          </span>
        )}
        {task.verificationData.accountToFollow && (
          <span className="text-slate-700">
            {task.type === 'youtube_subscribe' ? 'Subscribe to' : 'Follow'}{' '}
            {task.verificationData.accountToFollow}
          </span>
        )}
        {task.verificationData.postUrl && (
          <a
            href={task.verificationData.postUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-brand-700 underline"
          >
            Open the post <ExternalLink aria-hidden className="h-3 w-3" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </div>
      <div className="mt-auto pt-4">
        {action === null ? (
          <p className="text-sm text-slate-600">
            Share your invite link from your{' '}
            <Link to={paths.dashboard} className="font-medium text-brand-700 underline">
              dashboard
            </Link>
            : you earn entries once your friend {REFERRAL_PAID_WHEN}.
          </p>
        ) : (
          <Button
            className="w-full"
            variant={task.completed ? 'secondary' : 'primary'}
            disabled={action === 'Completed' || task.completed || complete.isPending}
            onClick={submit}
          >
            {action === 'Completed'
              ? 'Completed'
              : task.completed && task.availableAt
                ? `Available again ${ukDateTime(task.availableAt)}`
                : isAdTask(task)
                  ? 'Watch video'
                  : 'Complete task'}
          </Button>
        )}
      </div>
    </Card>
  );
}
