import { REFERRAL_REWARD } from '../../../contract/constants';
import type { AdminTask, Task } from '../../../contract/tasks';
import type { TaskRow } from './repository';
import { nextAllowed } from './rules';

/** What a task is, as SPEC §3 shapes it: the part users and admins see alike. */
function definition(task: TaskRow) {
  return {
    _id: task.id,
    type: task.type,
    platform: task.platform,
    title: task.title,
    description: task.description,
    // A referral pays REFERRAL_REWARD whatever an older row says (earning/referrals.ts): say what is paid.
    entriesReward: task.type === 'referral' ? REFERRAL_REWARD : task.entriesReward,
    isRepeatable: task.isRepeatable,
    repeatInterval: task.repeatInterval,
    verificationData: {
      accountToFollow: task.accountToFollow,
      postUrl: task.postUrl,
      adDuration: task.adDuration,
    },
  };
}

export function presentTask(task: TaskRow, last: Date | undefined, now: Date): Task {
  const { blocked, until } = nextAllowed(task, last, now);
  return { ...definition(task), completed: blocked, availableAt: until?.toISOString() ?? null };
}

export const presentAdminTask = (task: TaskRow): AdminTask => ({
  ...definition(task),
  active: task.active,
  sortOrder: task.sortOrder,
});
