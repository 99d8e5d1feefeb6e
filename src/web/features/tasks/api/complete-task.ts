import { useMutation } from '@tanstack/react-query';
import { tasksApi } from '../../../../contract/tasks';
import { call } from '../../../lib/call';
import { useSession } from '../../../lib/session/session';

export const completeTask = ({ id, ticket }: { id: string; ticket?: string }) =>
  call(tasksApi.complete, { params: { id }, body: ticket ? { ticket } : {} });

/** Completes a task and moves the navbar's count at once; the views refresh after every change (providers.tsx). */
export function useCompleteTask() {
  const { patchUser } = useSession();
  return useMutation({
    mutationFn: completeTask,
    onSuccess: (result) =>
      patchUser({ availableEntries: result.availableEntries, totalEntries: result.totalEntries }),
  });
}
